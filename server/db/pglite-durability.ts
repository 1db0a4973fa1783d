import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/**
 * Durable commits on PGlite 0.5 under Node (ADR 0045). Out of the box PGlite starts PostgreSQL
 * with `-F` (fsync off), and even with fsync on nothing would reach the disk: Emscripten's
 * NODEFS has no `fsync` stream operation and its `fdatasync` system call returns 0 without
 * doing anything. So a commit was acknowledged from the page cache and lost on power loss.
 *
 * Three changes together make a commit wait for the disk, as PostgreSQL does:
 * - no `-F` among the start parameters (fsync = on),
 * - `wal_sync_method=fsync`, because `fsync()` is the one call Emscripten routes to the
 *   file system (`fd_sync` → `stream_ops.fsync`),
 * - a `stream_ops.fsync` for NODEFS that calls the real `fsync` on the host file.
 */
export const DURABLE_START_PARAMS = ["-c", "fsync=on", "-c", "wal_sync_method=fsync"] as const;

export function durableStartParams(defaults: readonly string[]): string[] {
  return [...defaults.filter((param) => param !== "-F"), ...DURABLE_START_PARAMS];
}

type NodefsStream = { nfd: number };
type NodefsModule = {
  NODEFS?: {
    stream_ops?: Record<string, unknown>;
    tryFSOperation?: <T>(operation: () => T) => T;
  };
};

export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [...preRun, (mod: unknown) => installFsync(mod as NodefsModule)];
    return result;
  }
}

function installFsync(mod: NodefsModule): void {
  const nodefs = mod.NODEFS;
  // A PGlite update that renames these internals must fail loudly, not silently lose durability.
  if (!nodefs?.stream_ops || !nodefs.tryFSOperation) {
    throw new Error("PGlite: NODEFS.stream_ops fehlt – dauerhafte Commits lassen sich nicht einrichten (ADR 0045)");
  }
  const tryFSOperation = nodefs.tryFSOperation;
  // tryFSOperation turns a Node error (EIO, ENOSPC) into the errno PostgreSQL expects, which then
  // stops the database (data_sync_retry = off) instead of pretending the write is safe.
  nodefs.stream_ops.fsync = (stream: NodefsStream) => tryFSOperation(() => fs.fsyncSync(stream.nfd));
}

/**
 * PGlite writes a new cluster (initdb's files) without fsync; after the first start every file
 * and directory of it is synced once, so a power loss right after the first start cannot leave
 * a half-written cluster behind.
 */
export function syncDirectoryTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncDirectoryTree(full);
    else if (entry.isFile()) syncPath(full);
  }
  syncPath(dir);
}

function syncPath(target: string): void {
  const fd = fs.openSync(target, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
