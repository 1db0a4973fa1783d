import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "./shared/routes.ts";

// Public pages are prerendered so their HTML carries the content without JavaScript;
// everything else is a client-only route served through the SPA fallback (DESIGN.md).
export default {
  ssr: false,
  prerender: [...PRERENDERED_PATHS],
} satisfies Config;
