import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfSourcesChanged } from "../scripts/build-if-changed.ts";
import { findFreePort, startProductionServer } from "./production-server.ts";

// ADR 0046, 0056, 0122: the production server's resident memory after its first start on a new
// PGlite data directory (initdb and migrations in a child process) and after a restart on it. A
// report, not a test; `last` and `erststart` print it. The peak is the server's own (VmHWM); the
// child's is not in it.
export const FIRST_START_TARGET_MB = 250;
const SETTLE_MS = 3_000;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type ServerMemory = { rssMb: number; peakMb: number; readySeconds: number };
export type FirstStartMemory = { firstStart: ServerMemory; restart: ServerMemory };

export async function runFirstStartMemoryBenchmark(): Promise<FirstStartMemory> {
  await buildIfSourcesChanged();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "postwerk-first-start-"));
  try {
    const firstStart = await startAndMeasure(dataDir);
    const restart = await startAndMeasure(dataDir);
    return { firstStart, restart };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startAndMeasure(dataDir: string): Promise<ServerMemory> {
  const server = await startProductionServer({
    root: ROOT,
    port: await findFreePort(),
    dataDir,
    secret: "bench-secret-that-is-long-enough-for-better-auth",
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
    const megabytes = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) / 1024;
    return { rssMb: megabytes("VmRSS"), peakMb: megabytes("VmHWM"), readySeconds: server.readySeconds };
  } finally {
    await server.stop();
  }
}
