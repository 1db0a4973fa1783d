// The server process's runtime settings (ADR 0056, 0120). V8 reads its flags only at the start of
// a process: neither `NODE_OPTIONS` (it refuses --liftoff-only) nor `v8.setFlagsFromString` (V8
// freezes its flags after start) can set them later. So `server/main.ts` puts itself back on its
// own process ID with them, whatever command started it.
//   --max-semi-space-size=16  Node 24 lets the young generation grow to 2 × 64 MB and keeps it;
//                             16 MB was Node 20's limit (about 100 MB resident less).
//   --liftoff-only            PGlite's WASM stays on V8's baseline compiler: optimising one large
//                             function of Postgres takes about 600 MB for 3 s, then keeps ~40 MB.
// The same restart leaves tsx out when Node strips TypeScript's types itself (ADR 0120): tsx
// transpiles every file with esbuild and keeps its output with an inline source map, memory and
// some tenths of a second of start the server does not need.
// The first process still loads through tsx, so an old Node stops with require-node.ts's German
// line instead of Node's "Unknown file extension .ts".
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16", "--liftoff-only"] as const;

const TSX_LOADER = [["--import", "tsx"], ["--import=tsx"], ["--require", "tsx"], ["--require=tsx"]] as const;

/** execArgv without tsx's loader, in whichever of its spellings it was given. */
function withoutTsx(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index++) {
    const loader = TSX_LOADER.find((spelling) => spelling.every((part, offset) => execArgv[index + offset] === part));
    if (loader) index += loader.length - 1;
    else kept.push(execArgv[index] as string);
  }
  return kept;
}

/**
 * The arguments after `node` to run this process again with the missing SERVER_NODE_FLAGS in
 * front and, where Node strips types itself, without tsx; null when nothing would change. A flag
 * given on the command line with another value wins.
 */
export function argumentsWithServerFlags(
  execArgv: readonly string[],
  argv: readonly string[],
  nodeStripsTypes = Boolean(process.features.typescript),
): string[] | null {
  const given = new Set(execArgv.map((argument) => argument.split("=")[0]));
  const missing = SERVER_NODE_FLAGS.filter((flag) => !given.has(flag.split("=")[0]));
  const kept = nodeStripsTypes ? withoutTsx(execArgv) : [...execArgv];
  if (missing.length === 0 && kept.length === execArgv.length) return null;
  return [...missing, ...kept, ...argv.slice(1)];
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
