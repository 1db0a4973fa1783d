import "../scripts/require-node.ts";
import { restartWithServerFlags } from "./node-flags.ts";

// Before the server's modules load: the process may start again with its V8 flags (ADR 0056).
restartWithServerFlags();
const [{ DatabaseStartError }, { startServer }] = await Promise.all([
  import("./db/start-errors.ts"),
  import("./start-server.ts"),
]);

// A start that cannot go on (database locked, disk full, directory read-only) ends with one
// German line that says what to do, not with a stack trace of PGlite's minified source (ADR 0045).
try {
  await startServer();
} catch (error) {
  if (!(error instanceof DatabaseStartError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
