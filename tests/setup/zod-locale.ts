import { config } from "zod";
import { germanZodLocale } from "#shared/zod-locale.ts";

// Every test file parses with zod's German messages, as the server (server/start-server.ts) and
// the browser (app/lib/zod.ts) do (ADR 0080).
config(germanZodLocale());
