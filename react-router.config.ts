import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Config } from "@react-router/dev/config";
import { writeLlmsTxt } from "./server/features/pages/llms-txt.ts";
import { NOT_FOUND_PRERENDER_PATH, PRERENDERED_PATHS } from "./shared/routes.ts";

// vite.config.ts compresses the bundle's assets, but React Router writes its route manifest
// (assets/manifest-*.js, 20 KiB, loaded by every page) after that step; it is compressed here,
// at the same levels, so it too is served as Brotli (issue 17).
function compressUncompressedScripts(assetsDir: string) {
  for (const name of fs.readdirSync(assetsDir)) {
    const file = path.join(assetsDir, name);
    if (!name.endsWith(".js") || fs.existsSync(`${file}.br`)) continue;
    const source = fs.readFileSync(file);
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
  }
}

// Public pages are prerendered so their HTML carries the content without JavaScript;
// everything else is a client-only route served through the SPA fallback (DESIGN.md).
export default {
  ssr: false,
  prerender: [...PRERENDERED_PATHS, NOT_FOUND_PRERENDER_PATH],
  buildEnd: ({ reactRouterConfig }) => {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    compressUncompressedScripts(path.join(clientDir, "assets"));
    // Issue 17: llms.txt and the pages as Markdown, from the pages just prerendered.
    writeLlmsTxt(clientDir);
  },
} satisfies Config;
