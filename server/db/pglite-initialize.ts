// Child process of openDatabase (server/db/client.ts): creates and migrates a new PGlite
// directory, then exits, so initdb's memory leaves with it (ADR 0046). The parent holds the
// lock on the directory while this runs.
import { initializePgliteDirectoryOfParent } from "./client.ts";
import { describeDatabaseStartError } from "./start-errors.ts";

const dataDir = process.argv[2];
if (!dataDir) {
  process.stderr.write("Aufruf: pglite-initialize.ts <Datenordner>\n");
  process.exit(2);
}
try {
  await initializePgliteDirectoryOfParent(dataDir);
  process.exit(0);
} catch (error) {
  process.stderr.write(`${describeDatabaseStartError(error, dataDir).message}\n`);
  process.exit(1);
}
