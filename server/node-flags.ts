// The V8 flags of the server process and of the PGlite initialiser (ADR 0056). V8 reads them only
// at the start of a process: neither `NODE_OPTIONS` (it refuses --liftoff-only) nor
// `v8.setFlagsFromString` (V8 freezes its flags after start) can set them later. So
// `server/main.ts` puts itself back on its own process ID with them, whatever command started it.
//   --max-semi-space-size=16  Node 24 lets the young generation grow to 2 × 64 MB and keeps it;
//                             16 MB was Node 20's limit (about 100 MB resident less).
//   --liftoff-only            PGlite's WASM stays on V8's baseline compiler: optimising one large
//                             function of Postgres takes about 600 MB for 3 s, then keeps ~40 MB.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16", "--liftoff-only"] as const;

/**
 * The arguments after `node` to run this process again with the missing SERVER_NODE_FLAGS in
 * front, or null when none is missing. A flag given on the command line with another value wins.
 */
export function argumentsWithServerFlags(execArgv: readonly string[], argv: readonly string[]): string[] | null {
  const given = new Set(execArgv.map((argument) => argument.split("=")[0]));
  const missing = SERVER_NODE_FLAGS.filter((flag) => !given.has(flag.split("=")[0]));
  if (missing.length === 0) return null;
  return [...missing, ...execArgv, ...argv.slice(1)];
}

/**
 * Replaces this process by the same command with SERVER_NODE_FLAGS (same process ID, same
 * environment and standard streams), before it has loaded anything large. Without
 * `process.execve` (Windows, Node before 22.15) it runs on without them.
 */
export function restartWithServerFlags(): void {
  const args = argumentsWithServerFlags(process.execArgv, process.argv);
  if (args && typeof process.execve === "function") {
    process.execve(process.execPath, [process.execPath, ...args]);
  }
}
