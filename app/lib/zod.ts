// biome-ignore-all lint/style/noRestrictedImports: this module is the browser's one way to zod
import { zodResolver } from "@hookform/resolvers/zod";
import { config } from "zod";
import { germanZodLocale } from "#shared/zod-locale.ts";

// The browser's one way to zod (enforced in biome.json). Our CSP has no 'unsafe-eval'; zod 4
// probes `new Function` before compiling its fast parsers, and the browser reports the refused
// probe as a CSP violation (Lighthouse Best Practices). Jitless before the first parse, and
// German wherever a schema does not word its own message (ADR 0080).
// Not in the shell's entry: zod's core would then ride along on every first visit.
config({ jitless: true, ...germanZodLocale() });

export { z } from "zod";
export { zodResolver };
