import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePort } from "../bench/production-server.ts";
import { openDatabase } from "./db/client.ts";
import { user } from "./db/schema/auth.ts";

// ADR 0047: the real server (server/main.ts) in its own process, as a deploy stops it with
// SIGTERM while a keep-alive client keeps sending and one request is still being received.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Per test: a start on a new PGlite data dir takes ~6 s alone, more on a busy machine. */
const TEST_TIMEOUT_MS = 120_000;
/** Upper bound for the background client's requests; shutdown ends it long before. */
const MAX_BACKGROUND_REQUESTS = 20_000;

type LogEntry = { msg: string; level: number; [key: string]: unknown };

type RunningServer = {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  logs: LogEntry[];
  waitForLog: (msg: string) => Promise<LogEntry>;
  exited: Promise<number | null>;
  /** The start line; `address` says which interface the server listens on. */
  started: LogEntry;
};

async function startServerProcess(dataDir: string): Promise<RunningServer> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
      AUTH_RATE_LIMIT: "off",
    },
  });
  const logs: LogEntry[] = [];
  const waiters: Array<{ msg: string; resolve: (entry: LogEntry) => void }> = [];
  let buffered = "";
  child.stdout?.setEncoding("utf8");
  child.stdout?.on("data", (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines.filter((text) => text.startsWith("{"))) {
      const entry = JSON.parse(line) as LogEntry;
      logs.push(entry);
      for (const waiter of waiters.filter((candidate) => candidate.msg === entry.msg)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(entry);
      }
    }
  });
  // "close", not "exit": by then every log line has been read.
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  const waitForLog = (msg: string) => {
    const seen = logs.find((entry) => entry.msg === msg);
    if (seen) return Promise.resolve(seen);
    return Promise.race([
      new Promise<LogEntry>((resolve) => waiters.push({ msg, resolve })),
      exited.then((code) => Promise.reject(new Error(`Server beendet (Code ${code}) ohne Log "${msg}"`))),
    ]);
  };
  const started = await waitForLog(`Postwerk läuft auf ${baseUrl}`);
  return { child, port, baseUrl, logs, waitForLog, exited, started };
}

/**
 * A sign-up that is in flight on the server: `Expect: 100-continue` makes the server confirm
 * it has taken the request before the body is sent, so the test knows without waiting.
 */
async function startRequestInFlight(server: RunningServer, agent: http.Agent) {
  const body = JSON.stringify({ email: "im-flug@example.test", password: "Sonnenblume-4711", name: "Im Flug" });
  const request = http.request(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    agent,
    headers: {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      origin: server.baseUrl,
      expect: "100-continue",
    },
  });
  const response = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    request.once("error", reject);
    request.once("response", (incoming) => {
      let text = "";
      incoming.setEncoding("utf8");
      incoming.on("data", (chunk: string) => {
        text += chunk;
      });
      incoming.once("end", () =>
        resolve({ status: incoming.statusCode ?? 0, connection: incoming.headers.connection, body: text }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    request.once("continue", () => resolve());
    request.once("error", reject);
    request.flushHeaders();
  });
  return { finish: () => request.end(body), response };
}

/** GET /healthz over one keep-alive socket, one after another, until the server refuses. */
function keepAliveTraffic(server: RunningServer) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const connections: Array<string | undefined> = [];
  let firstAnswer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    firstAnswer = resolve;
  });
  const get = () =>
    new Promise<string | undefined>((resolve, reject) => {
      http
        .get(`${server.baseUrl}/healthz`, { agent }, (incoming) => {
          incoming.resume();
          incoming.once("end", () => resolve(incoming.headers.connection));
        })
        .once("error", reject);
    });
  const ended = (async () => {
    for (let sent = 0; sent < MAX_BACKGROUND_REQUESTS; sent++) {
      try {
        connections.push(await get());
        firstAnswer();
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // A socket the server closed just as the agent reused it; the next request opens a new one.
        if (code === "ECONNRESET" || code === "EPIPE") continue;
        agent.destroy();
        return code;
      }
    }
    agent.destroy();
    return "nicht beendet";
  })();
  return { connections, answered, ended };
}

function connectionRefused(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("verbunden");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code));
  });
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "postwerk-shutdown-"));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("SIGTERM under keep-alive traffic", () => {
  it(
    "finishes the request in flight, refuses new connections, closes the database and exits with 0",
    async () => {
      const server = await startServerProcess(dataDir);
      try {
        // HOST=127.0.0.1: one interface, not "::" (all of them) as without it.
        expect(server.started.address).toBe("127.0.0.1");
        const traffic = keepAliveTraffic(server);
        await traffic.answered;
        const inFlightAgent = new http.Agent({ keepAlive: true });
        const inFlight = await startRequestInFlight(server, inFlightAgent);

        server.child.kill("SIGTERM");
        const shuttingDown = await server.waitForLog("Fahre herunter");
        expect(shuttingDown.openRequests).toBeGreaterThanOrEqual(1);
        expect(await connectionRefused(server.port)).toBe("ECONNREFUSED");
        expect(await traffic.ended).toBe("ECONNREFUSED");
        // Before the signal the background client did reuse its socket.
        expect(traffic.connections[0]).toBe("keep-alive");

        inFlight.finish();
        const answer = await inFlight.response;
        inFlightAgent.destroy();
        expect(answer.status).toBe(200);
        // Answered on a keep-alive socket, but told to close it: no new request may follow on it.
        expect(answer.connection).toBe("close");

        expect(await server.exited).toBe(0);
        await server.waitForLog("Beendet");
        expect(server.logs.filter((entry) => entry.level >= 50)).toEqual([]);
      } finally {
        server.child.kill("SIGKILL");
      }

      // The database was closed cleanly: PGlite removed its lock file (a killed process leaves
      // it behind), and the data dir opens again with the sign-up that was still being
      // received when the signal came.
      await expect(fs.access(path.join(dataDir, "db", "postmaster.pid"))).rejects.toThrow(/ENOENT/);
      const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
      try {
        const rows = await database.db.select({ email: user.email }).from(user);
        expect(rows).toEqual([{ email: "im-flug@example.test" }]);
      } finally {
        await database.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "exits with 1 at a second signal, without waiting for the request in flight",
    async () => {
      const server = await startServerProcess(dataDir);
      const agent = new http.Agent({ keepAlive: true });
      try {
        const inFlight = await startRequestInFlight(server, agent);
        inFlight.response.catch(() => {});
        server.child.kill("SIGTERM");
        await server.waitForLog("Fahre herunter");
        server.child.kill("SIGINT");
        expect(await server.exited).toBe(1);
        const second = await server.waitForLog("Zweites Signal beim Herunterfahren, breche offene Anfragen ab");
        expect(second).toMatchObject({ signal: "SIGINT", openRequests: 1 });
        expect(server.logs.some((entry) => entry.msg === "Beendet")).toBe(false);
      } finally {
        agent.destroy();
        server.child.kill("SIGKILL");
      }
    },
    TEST_TIMEOUT_MS,
  );
});
