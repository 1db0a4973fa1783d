import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { readCompanyConfig } from "./shared/company.ts";

// In development the API runs in its own process (scripts/dev.ts); Vite forwards to it.
const apiPort = Number(process.env.API_PORT ?? 3001);

// ADR 0009: the legal pages are prerendered, so the operating company (COMPANY_*) and the
// AI provider they name are read here, at build time, and compiled in as one constant.
// `npm start` builds on every start, so a changed configuration applies after a restart.
const companyConfig = readCompanyConfig(process.env);
if (companyConfig.isExample) {
  console.warn("Hinweis: COMPANY_* ist nicht gesetzt – Impressum, Datenschutz und AGB zeigen Beispieldaten.");
}
const legalConfig = { ...companyConfig, aiProvider: process.env.AI_PROVIDER?.trim() || null };

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Hashed assets never change, so they are compressed once here at the highest levels
    // (brotli 11 is ~14 % smaller than gzip 9) and served as files (pages.routes.ts),
    // instead of being compressed on every request by hono/compress at a lower level.
    compression({
      include: /\.(js|css|svg)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm("gzip", { level: 9 }),
        defineAlgorithm("brotliCompress", { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ],
    }),
  ],
  build: {
    // No <link rel="modulepreload"> for the chunks of a lazy import: inserting them cost more main
    // thread time on a throttled phone than the one import round trip they save (ADR 0018).
    modulePreload: false,
  },
  define: {
    __LEGAL_CONFIG__: JSON.stringify(legalConfig),
  },
  server: {
    port: 3000,
    proxy: {
      "/api": { target: `http://localhost:${apiPort}`, changeOrigin: false },
    },
  },
});
