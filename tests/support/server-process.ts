import { type ChildProcess, spawn } from "node:child_process";
import readline from "node:readline";

// Starts tests/support/crash-server.ts (or another server script that prints "READY <port>") as a
// process of its own, with the test's environment on top of this one (PATH, the tsx loader), and
// resolves once it reports its port.
export async function spawnServerProcess(
  env: Record<string, string>,
  script = "tests/support/crash-server.ts",
): Promise<{ url: string; process: ChildProcess }> {
  const started = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: started.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    const port = line.match(/^READY (\d+)$/)?.[1];
    if (port) return { url: `http://127.0.0.1:${port}`, process: started };
  }
  throw new Error("Der Server hat nicht gemeldet, dass er läuft");
}
