import path from "node:path";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { ChunkingContext } from "rolldown";
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

// ADR 0035: the code that a first visit to a public page always loads goes into two chunks
// instead of ~30 of about 1 KiB each. `shell` is everything the root route imports
// statically (every page loads it); `landing` is what the home page shares with other pages.
// The sets are followed through our own modules and the Lucide icons they import, one module per
// icon (`lucide-react/icons/<name>`, enforced in biome.json): a package's index re-exports all of
// it (`lucide-react`, `radix-ui`), and Rolldown adds just the parts of a package that the captured
// modules use. Without the icons, each one the home page shares with other pages was a request of
// its own. React Router builds each route as an entry with this query.
const CLIENT_ROUTE = "?__react-router-build-client-route";
const shellEntries: [string, ...string[]] = [path.resolve(`app/root.tsx${CLIENT_ROUTE}`)];
const landingEntries: [string, ...string[]] = [path.resolve(`app/routes/home.tsx${CLIENT_ROUTE}`)];
// React DOM's core (createPortal, flushSync): React Router's client entry and many lazy chunks share
// it, so Rolldown gave it a request of its own on every page; the shell carries it instead.
const REACT_DOM_CORE = /\/node_modules\/react-dom\/(index\.js|cjs\/react-dom\.production\.js)$/;

const LUCIDE_ICON = /\/node_modules\/lucide-react\/dist\/esm\/icons\//;

const importClosures = new WeakMap<object, Set<string>>();

/** Every module of ours that the entries import statically, directly or through other modules of ours. */
function importClosure(entries: [string, ...string[]], ctx: ChunkingContext): Set<string> {
  // The module info objects are shared within one chunking pass, so the first entry's keys the cache.
  const firstEntry = ctx.getModuleInfo(entries[0]);
  if (!firstEntry) return new Set();
  let closure = importClosures.get(firstEntry);
  if (!closure) {
    closure = new Set(entries);
    for (const id of closure) {
      for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) {
        if (!imported.includes("/node_modules/") || LUCIDE_ICON.test(imported)) closure.add(imported);
      }
    }
    importClosures.set(firstEntry, closure);
  }
  return closure;
}

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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: (id, ctx) => (importClosure(shellEntries, ctx).has(id) || REACT_DOM_CORE.test(id) ? "shell" : null),
              debugName: "shell",
              priority: 2,
            },
            {
              name: (id, ctx) => (importClosure(landingEntries, ctx).has(id) ? "landing" : null),
              debugName: "landing",
              // What only the home page uses stays in its own chunk.
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  define: {
    __LEGAL_CONFIG__: JSON.stringify(legalConfig),
  },
  // React Router 8 prerenders through Vite's preview server, which gives each page 10 s (not
  // configurable), and the first page also pays for importing the server build. Left external,
  // date-fns and lucide-react load every one of their modules there (6 s on a busy machine);
  // bundled, only the few functions and icons the pages use (ADR 0058).
  ssr: {
    noExternal: ["date-fns", "lucide-react"],
  },
  server: {
    port: 3000,
    proxy: {
      "/api": { target: `http://localhost:${apiPort}`, changeOrigin: false },
    },
  },
});
