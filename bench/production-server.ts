// The production server as `npm start` runs it after its build check, in its own process, for
// the benchmarks that measure it from outside (load.bench.ts, lighthouse.ts).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const SERVER_START_TIMEOUT_MS = 60_000;

export type RunningServer = { baseUrl: string; pid: number; readySeconds: number; stop: () => Promise<void> };

/**
 * Production settings and JSON logs written to DATA_DIR/server.log, so writing them is part of
 * the cost, as in production. `root` is the checkout whose server runs (lighthouse.ts compares two).
 */
export async function startProductionServer(options: {
  root: string;
  port: number;
  dataDir: string;
  secret: string;
  databaseUrl?: string;
}): Promise<RunningServer> {
  const baseUrl = `http://localhost:${options.port}`;
  const logFile = fs.openSync(path.join(options.dataDir, "server.log"), "a");
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: options.root,
    stdio: ["ignore", logFile, "inherit"],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(options.port),
      BASE_URL: baseUrl,
      DATA_DIR: options.dataDir,
      BETTER_AUTH_SECRET: options.secret,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    },
  });
  fs.closeSync(logFile);
  const stop = () => stopProcess(child);
  try {
    await waitUntilReady(`${baseUrl}/readyz`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error("Server ohne Prozess-ID");
  return { baseUrl, pid: child.pid, readySeconds: (performance.now() - started) / 1000, stop };
}

async function waitUntilReady(url: string, child: ChildProcess) {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server beendet mit Code ${child.exitCode}`);
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Server nicht bereit nach ${SERVER_START_TIMEOUT_MS / 1000} s`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("Kein Port")),
      );
    });
  });
}
