import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { connectDatabase } from "#server/bootstrap.ts";
import { publications } from "#server/db/schema/publishing.ts";
import { INTERRUPTED_AFTER_MS, sweepPublications } from "#server/features/publishing/publishing-sweep.ts";
import { openBenchDatabase, percentile } from "./bench-app.ts";
import {
  CONTAINER_ALLOWANCE_MS,
  createBenchDeps,
  figuresByNetwork,
  type NetworkFigures,
  PLANNING_POSTS,
  PLANNING_TARGETS,
  PLANNING_USER_ID,
  SPREAD_MS,
  seedPlanning,
} from "./planung.bench.ts";
import { recorderNetworks, startRecorder } from "./planung-network.ts";

// `npm run bench -- planung`, second scenario (ADR 0053, 0075, 0076): the planning bench's 1,000
// posts, sent by server processes (bench/planung-server.ts, production queue tuning) to a recorder
// in this process; when the recorder has seen KILL_AT_SHARE of them arrive, one server gets
// SIGKILL. On PostgreSQL two servers send and the other goes on; on PGlite the one server is
// killed and a new one starts on the same data directory. Then the sweep runs with its clock past
// INTERRUPTED_AFTER_MS (instead of waiting minutes for its schedule) and the bench counts: sent,
// arrived twice, lost (neither sent nor "unbestätigt", failed or "verpasst"), "unbestätigt", and of
// those the ones no call of which reached the network (ADR 0076 leaves only the milliseconds between
// the claim's commit and the request for that) apart from Instagram's and Threads' containers made
// but never published (the server killed between the steps: nothing on the network, yet the queue
// cannot know). Arrival is the post's making (the recorder's `post` or `publishContainer`), also per
// network.

/** The share of the posts arrived at the recorder when a server is killed: the busiest stretch. */
export const KILL_AT_SHARE = 0.4;
/**
 * The first scenario's lateness target holds with the kill too; at most batchSize × localConcurrency
 * posts are "sending" on a server (ADR 0076), so no more can end "unbestätigt".
 */
export const PLANNING_KILL_TARGETS = { p99LatenessMs: PLANNING_TARGETS.p99LatenessMs, unconfirmedPerServer: 20 };
/** Setting up, then the servers' start, before the first post is due. */
const LEAD_MS = 45_000;
const SERVER_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "planung-server.ts");
const ROOT = path.resolve(path.dirname(SERVER_SCRIPT), "..");

export type PlanningKillReport = {
  database: "PGlite" | "PostgreSQL";
  servers: number;
  /** Requests the recorder had read when the server was killed. */
  arrivedAtKill: number;
  /** PGlite: from the kill until the new server's workers run. */
  restartSeconds: number | null;
  /** Posts that fell due while no server ran (PGlite, during the restart). */
  dueWhileDown: number;
  sent: number;
  duplicates: number;
  lost: number;
  unconfirmed: number;
  /** "unbestätigt" although no call of the post reached the network (ADR 0076: only the claim's milliseconds). */
  unconfirmedNeverArrived: number;
  /** "unbestätigt" with a container made but never published: a call had left, the post is not on the network. */
  unconfirmedContainerOnly: number;
  failed: number;
  missed: number;
  /** What the sweep marked "unbestätigt" (the killed server's attempts). */
  interrupted: number;
  p50LatenessMs: number;
  p99LatenessMs: number;
  maxLatenessMs: number;
  /** Lateness less the waits the network asked for between a container's steps. */
  p99BeyondWaitsMs: number;
  /** Per network; `lost` here as above (neither sent nor accounted for), lateness of the sent ones. */
  networks: KillNetworkFigures[];
};

export type KillNetworkFigures = NetworkFigures & { sent: number; unconfirmed: number };

type BenchServer = {
  process: ChildProcess;
  /** The server's last report of its open posts. */
  open: { planned: number; sending: number; waiting: number } | null;
  exited: Promise<void>;
};

export async function runPlanningKillBenchmark(postgresServerUrl?: string): Promise<PlanningKillReport> {
  const recorder = await startRecorder();
  const bench = await openBenchDatabase(postgresServerUrl);
  const servers: BenchServer[] = [];
  try {
    const setup = await createBenchDeps(bench.env, bench.database, recorderNetworks(bench.env.networks, recorder.url));
    const firstDue = Date.now() + LEAD_MS;
    const due = await seedPlanning(setup, firstDue);
    await setup.jobQueue.stop(5_000);
    await bench.release();

    const serverEnv: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: "production",
      BASE_URL: bench.env.BASE_URL,
      DATA_DIR: bench.env.DATA_DIR,
      DATABASE_URL: bench.env.DATABASE_URL,
      BETTER_AUTH_SECRET: bench.env.BETTER_AUTH_SECRET,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
      RECORDER_URL: recorder.url,
    };
    const count = bench.label === "PostgreSQL" ? 2 : 1;
    for (let index = 0; index < count; index++) servers.push(await startServer(serverEnv));
    if (Date.now() > firstDue) throw new Error("Anlegen und Serverstart dauerten länger als der Vorlauf");

    const deadline = firstDue + SPREAD_MS + CONTAINER_ALLOWANCE_MS + 60_000;
    await waitFor(
      () => recorder.count() >= PLANNING_POSTS * KILL_AT_SHARE,
      deadline,
      `${KILL_AT_SHARE * 100} % der Ankünfte`,
    );
    const killed = servers[0];
    killed?.process.kill("SIGKILL");
    const arrivedAtKill = recorder.count();
    await killed?.exited;
    const killedAt = Date.now();
    let restartSeconds: number | null = null;
    let dueWhileDown = 0;
    if (count === 1) {
      servers.push(await startServer(serverEnv));
      const ready = Date.now();
      restartSeconds = (ready - killedAt) / 1000;
      dueWhileDown = [...due.values()].filter(({ at }) => at >= killedAt && at < ready).length;
    }
    const survivors = servers.slice(1);
    // The killed server's jobs that had not claimed their post come back after pg-boss's heartbeat;
    // containers the queue comes back to are sent by the survivors too.
    await waitFor(
      () => survivors.some((server) => server.open?.planned === 0 && server.open.waiting === 0),
      deadline,
      "das Ende der geplanten Beiträge",
    );
    // As a deployment stops them: the calls in flight end and are recorded.
    await Promise.all(survivors.map(stopServer));

    const database = await connectDatabase(bench.env);
    try {
      const deps = await createBenchDeps(bench.env, database, recorderNetworks(bench.env.networks, recorder.url));
      const sweep = await sweepPublications(deps, new Date(Date.now() + INTERRUPTED_AFTER_MS + 60_000));
      await deps.jobQueue.stop(5_000);
      const rows = await database.db
        .select({ text: publications.text, status: publications.status, network: publications.network })
        .from(publications)
        .where(eq(publications.userId, PLANNING_USER_ID));
      const withStatus = (status: string) => rows.filter((row) => row.status === status);
      const accounted = new Set(["sent", "unconfirmed", "failed", "missed"]);
      const sentTexts = new Set(withStatus("sent").map((row) => row.text));
      const [all, ...networks] = figuresByNetwork(due, recorder, (text) => sentTexts.has(text)).map((figures) => {
        const ofNetwork = rows.filter((row) => figures.network === "alle" || row.network === figures.network);
        return {
          ...figures,
          sent: ofNetwork.filter((row) => row.status === "sent").length,
          lost: figures.posts - ofNetwork.filter((row) => accounted.has(row.status)).length,
          unconfirmed: ofNetwork.filter((row) => row.status === "unconfirmed").length,
        };
      });
      const lateness = withStatus("sent")
        .map((row) => (recorder.arrivals.get(row.text)?.[0] ?? Number.NaN) - (due.get(row.text)?.at ?? Number.NaN))
        .filter((value) => !Number.isNaN(value))
        .sort((a, b) => a - b);
      return {
        database: bench.label,
        servers: count,
        arrivedAtKill,
        restartSeconds,
        dueWhileDown,
        sent: withStatus("sent").length,
        duplicates: [...recorder.arrivals.values()].filter((times) => times.length > 1).length,
        lost: PLANNING_POSTS - rows.filter((row) => accounted.has(row.status)).length,
        unconfirmed: withStatus("unconfirmed").length,
        unconfirmedNeverArrived: withStatus("unconfirmed").filter(
          (row) => !recorder.arrivals.has(row.text) && !recorder.containerTexts.has(row.text),
        ).length,
        unconfirmedContainerOnly: withStatus("unconfirmed").filter(
          (row) => !recorder.arrivals.has(row.text) && recorder.containerTexts.has(row.text),
        ).length,
        failed: withStatus("failed").length,
        missed: withStatus("missed").length,
        interrupted: sweep.interrupted,
        p50LatenessMs: percentile(lateness, 0.5),
        p99LatenessMs: percentile(lateness, 0.99),
        maxLatenessMs: lateness.at(-1) ?? Number.NaN,
        p99BeyondWaitsMs: all?.p99BeyondWaitsMs ?? Number.NaN,
        networks,
      };
    } finally {
      await database.close();
    }
  } finally {
    for (const server of servers) server.process.kill("SIGKILL");
    await Promise.all(servers.map((server) => server.exited));
    await recorder.close();
    await bench.close();
  }
}

/** Starts bench/planung-server.ts and resolves once its workers run; follows its reports of open posts. */
async function startServer(env: Record<string, string | undefined>): Promise<BenchServer> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER_SCRIPT], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const server: BenchServer = { process: child, open: null, exited };
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  await new Promise<void>((resolve, reject) => {
    lines.on("line", (line) => {
      if (line === "READY") resolve();
      const open = line.match(/^OFFEN (\d+) (\d+) (\d+)$/);
      if (open) server.open = { planned: Number(open[1]), sending: Number(open[2]), waiting: Number(open[3]) };
    });
    exited.then(() => reject(new Error(`Bench-Server beendet (Code ${child.exitCode ?? child.signalCode})`)));
  });
  return server;
}

/** SIGTERM, as a deployment stops a server; SIGKILL if it has not ended after its drain. */
async function stopServer(server: BenchServer): Promise<void> {
  server.process.kill("SIGTERM");
  const timer = setTimeout(() => server.process.kill("SIGKILL"), 30_000);
  await server.exited;
  clearTimeout(timer);
}

async function waitFor(done: () => boolean, deadline: number, what: string): Promise<void> {
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Zeitlimit beim Warten auf ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
