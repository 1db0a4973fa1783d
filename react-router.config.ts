import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { writeLlmsTxt } from "./server/features/pages/llms-txt.ts";
import { NOT_FOUND_PRERENDER_PATH, PRERENDERED_PATHS } from "./shared/routes.ts";

// Public pages are prerendered so their HTML carries the content without JavaScript;
// everything else is a client-only route served through the SPA fallback (DESIGN.md).
export default {
  ssr: false,
  prerender: [...PRERENDERED_PATHS, NOT_FOUND_PRERENDER_PATH],
  // Issue 17: llms.txt and the pages as Markdown, from the pages just prerendered.
  buildEnd: ({ reactRouterConfig }) => writeLlmsTxt(path.join(reactRouterConfig.buildDirectory, "client")),
} satisfies Config;
