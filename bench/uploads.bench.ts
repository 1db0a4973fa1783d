// `npm run bench -- uploads [--vorher=<checkout>]` (ADR 0050, 0082): one free account sends 20 JPEGs
// of about 9 MB at once, each as the spec's JSON with `imageData` as a base64 data URL, to
// POST /api/generator/generate on the production server (its own process, PGlite, demo AI), while
// another client asks /healthz one request after the other. Reported per round: the answers to the
// uploads, /healthz p50/p99 during the attack and the server's RSS growth (peak over the start).
// With `--vorher`, the other (built) checkout's server runs beside this one on a copy of the same
// data, and the rounds alternate between the two, so a busy moment of the machine hits both alike.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { createAiClient } from "#server/integrations/ai/ai-client.ts";
import { buildIfSourcesChanged } from "../scripts/build-if-changed.ts";
import { median, openBenchDatabase, percentile, startBenchApp } from "./bench-app.ts";
import { readMemory } from "./load.bench.ts";
import { findFreePort, type RunningServer, startProductionServer } from "./production-server.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const UPLOAD_ATTACK_REQUESTS = 20;
/** Rounds per checkout; with `--vorher` they alternate, the first of each pair changing sides. */
export const UPLOAD_ROUNDS = 3;
export const UPLOAD_TARGETS = { healthzP99Ms: 200, rssGrowthMb: 150 } as const;
const SETTLE_MS = 5_000;

/** One attack on one server. */
export type UploadRound = {
  statuses: Record<string, number>;
  attackSeconds: number;
  healthzRequests: number;
  healthzErrors: number;
  healthzP50Ms: number;
  healthzP99Ms: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
  /** CPU time of the server's main thread (its event loop) during the attack: what the load cost it, however busy the machine. */
  mainThreadCpuMs: number;
  /** CPU time of all the server's threads during the attack, summed by thread name (V8's GC helpers, libvips, …). */
  threadCpuMs: Record<string, number>;
};

/** One checkout's rounds and their medians; "vorher" is the checkout given with `--vorher`. */
export type UploadCheckout = {
  label: "jetzt" | "vorher";
  root: string;
  rounds: UploadRound[];
  medianP50Ms: number;
  medianP99Ms: number;
  medianRssGrowthMb: number;
  medianMainThreadCpuMs: number;
  rssHighWaterMb: number;
};

export type UploadReport = { imageMb: number; bodyMb: number; checkouts: UploadCheckout[] };

/** A photo-like JPEG of about 9 MB: noise compresses badly, as a real 24-MP photo at quality 100 does. */
async function nineMegabyteJpeg(): Promise<Buffer> {
  return sharp({
    create: {
      width: 2400,
      height: 1500,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 100, chromaSubsampling: "4:4:4" })
    .toBuffer();
}

export async function runUploadBenchmark(
  log: (line: string) => void,
  options: { beforeRoot?: string } = {},
): Promise<UploadReport> {
  if (buildIfSourcesChanged({ log })) log("Produktions-Build neu erstellt.");
  if (options.beforeRoot && !fs.existsSync(path.join(options.beforeRoot, "build", "client"))) {
    throw new Error(`${options.beforeRoot} ist nicht gebaut: dort zuerst npm run build`);
  }
  const image = await nineMegabyteJpeg();
  // The spec's request (section 3): the form's fields and the image as a base64 data URL.
  const body = Buffer.from(
    JSON.stringify({
      platform: "instagram",
      keyPoints: "Zimtschnecken, jeden Samstag",
      tone: "friendly",
      language: "german",
      imageData: `data:image/jpeg;base64,${image.toString("base64")}`,
    }),
  );
  const checkouts = [
    ...(options.beforeRoot ? [{ label: "vorher" as const, root: options.beforeRoot }] : []),
    { label: "jetzt" as const, root: ROOT },
  ];
  const bench = await openBenchDatabase(undefined);
  const dataDirs = checkouts.map((checkout, index) =>
    index === 0 ? bench.env.DATA_DIR : `${bench.env.DATA_DIR}-${checkout.label}`,
  );
  const servers: RunningServer[] = [];
  try {
    // A free account, signed in through the real routes, with credits for every admitted run.
    const app = await startBenchApp(bench, createAiClient(null));
    const cookie = await app.signUpUser("uploads@example.test", { credits: 100 });
    await bench.database.close();
    // PGlite allows one process per data directory: each server gets its own copy, made before
    // any server holds one open. The session lives in both copies.
    for (const dataDir of dataDirs.slice(1)) fs.cpSync(bench.env.DATA_DIR, dataDir, { recursive: true });
    for (const [index, checkout] of checkouts.entries()) {
      const server = await startProductionServer({
        root: checkout.root,
        port: await findFreePort(),
        dataDir: dataDirs[index] ?? bench.env.DATA_DIR,
        secret: bench.env.BETTER_AUTH_SECRET ?? "",
      });
      servers.push(server);
      log(`Server (${checkout.label}, ${checkout.root}) bereit auf ${server.baseUrl}.`);
    }
    const rounds = checkouts.map(() => [] as UploadRound[]);
    for (let round = 0; round < UPLOAD_ROUNDS; round++) {
      const order = round % 2 === 0 ? [...checkouts.keys()] : [...checkouts.keys()].reverse();
      for (const index of order) {
        const server = servers[index];
        if (!server) continue;
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const figures = await attack(server, body, cookie);
        rounds[index]?.push(figures);
        log(
          `Runde ${round + 1}, ${checkouts[index]?.label}: /healthz p50 ${figures.healthzP50Ms.toFixed(1)} ms, ` +
            `p99 ${figures.healthzP99Ms.toFixed(1)} ms, Hauptthread-CPU ${Math.round(figures.mainThreadCpuMs)} ms, ` +
            `RSS-Zuwachs ${Math.round(figures.rssGrowthMb)} MB, ` +
            `Antworten ${formatStatuses(figures.statuses)}`,
        );
      }
    }
    return {
      imageMb: image.length / 1024 / 1024,
      bodyMb: body.length / 1024 / 1024,
      checkouts: checkouts.map((checkout, index) => {
        const own = rounds[index] ?? [];
        return {
          ...checkout,
          rounds: own,
          medianP50Ms: median(own.map((figures) => figures.healthzP50Ms)),
          medianP99Ms: median(own.map((figures) => figures.healthzP99Ms)),
          medianRssGrowthMb: median(own.map((figures) => figures.rssGrowthMb)),
          medianMainThreadCpuMs: median(own.map((figures) => figures.mainThreadCpuMs)),
          // VmHWM: the highest RSS since the start, also between two samples (the start's own peak included).
          rssHighWaterMb: servers[index] ? readMemory(servers[index].pid).peakMb : Number.NaN,
        };
      }),
    };
  } finally {
    for (const server of servers) await server.stop();
    // PGlite was closed before the servers started; closing again only says so.
    await bench.close().catch(() => undefined);
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** "MainThread 390 ms, V8Worker 200 ms, …": the median of each kind of thread over the rounds, largest first. */
export function formatThreadCpu(rounds: UploadRound[]): string {
  const names = new Set(rounds.flatMap((round) => Object.keys(round.threadCpuMs)));
  return [...names]
    .map((name) => ({ name, ms: median(rounds.map((round) => round.threadCpuMs[name] ?? 0)) }))
    .filter(({ ms }) => ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .map(({ name, ms }) => `${name} ${Math.round(ms)} ms`)
    .join(", ");
}

export function formatStatuses(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ");
}

/** The 20 uploads at once against one server, /healthz asked beside them; back once every answer is read. */
async function attack(server: RunningServer, body: Uint8Array<ArrayBuffer>, cookie: string): Promise<UploadRound> {
  const rssBeforeMb = readMemory(server.pid).rssMb;
  const threadsBefore = threadCpuTimes(server.pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, readMemory(server.pid).rssMb);
  }, 50);
  // The probe runs in a thread of its own: this thread is busy sending 20 bodies, and its
  // delays must not count as the server's.
  const probe = new Worker(HEALTHZ_PROBE, { eval: true, workerData: `${server.baseUrl}/healthz` });
  const probed = new Promise<{ latencies: number[]; errors: number }>((resolve) => probe.once("message", resolve));
  const headers = { origin: server.baseUrl, "content-type": "application/json", cookie };
  const started = performance.now();
  const statuses: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: UPLOAD_ATTACK_REQUESTS }, async () => {
      const response = await fetch(`${server.baseUrl}/api/generator/generate`, {
        method: "POST",
        headers,
        body,
      }).catch((error: unknown) => ({ status: `Fehler ${describeFetchError(error)}`, text: async () => "" }));
      // Read to the end: an admitted run streams until it is archived.
      await response.text().catch(() => "");
      statuses[String(response.status)] = (statuses[String(response.status)] ?? 0) + 1;
    }),
  );
  const attackSeconds = (performance.now() - started) / 1000;
  const threadsAfter = threadCpuTimes(server.pid);
  probe.postMessage("stop");
  const { latencies, errors: healthzErrors } = await probed;
  await probe.terminate();
  clearInterval(sampler);
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    statuses,
    attackSeconds,
    healthzRequests: latencies.length,
    healthzErrors,
    healthzP50Ms: percentile(sorted, 0.5),
    healthzP99Ms: percentile(sorted, 0.99),
    rssBeforeMb,
    rssPeakMb,
    rssGrowthMb: rssPeakMb - rssBeforeMb,
    mainThreadCpuMs: (threadsAfter.get(server.pid)?.ms ?? 0) - (threadsBefore.get(server.pid)?.ms ?? 0),
    threadCpuMs: cpuByThreadName(threadsBefore, threadsAfter),
  };
}

type ThreadTimes = Map<number, { name: string; ms: number }>;

/** utime + stime of each thread of the process, from /proc (the main thread's ID is the process's). */
function threadCpuTimes(pid: number): ThreadTimes {
  const times: ThreadTimes = new Map();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    // A thread may end between the listing and the read.
    const stat = readIfPresent(`/proc/${pid}/task/${tid}/stat`);
    if (!stat) continue;
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    // The fields after the name (which may hold spaces) start with the state, field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    times.set(Number(tid), { name, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND });
  }
  return times;
}

function readIfPresent(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

function cpuByThreadName(before: ThreadTimes, after: ThreadTimes): Record<string, number> {
  const byName: Record<string, number> = {};
  for (const [tid, { name, ms }] of after) byName[name] = (byName[name] ?? 0) + ms - (before.get(tid)?.ms ?? 0);
  return byName;
}

/** USER_HZ, 100 on Linux everywhere Node runs. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * GET /healthz one after the other, each on a connection of its own (never behind an upload),
 * until told to stop; then reports the latencies. CommonJS, as eval workers are.
 */
const HEALTHZ_PROBE = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
let running = true;
parentPort.on("message", () => { running = false; });
const get = () => new Promise((resolve) => {
  const request = http.get(workerData, { agent: false }, (response) => {
    response.resume();
    response.on("end", () => resolve(response.statusCode === 200));
  });
  request.on("error", () => resolve(false));
});
(async () => {
  const latencies = [];
  let errors = 0;
  while (running) {
    const started = performance.now();
    if (await get()) latencies.push(performance.now() - started);
    else errors += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage({ latencies, errors });
})();
`;

/** "fetch failed (ECONNRESET)": undici hides the socket's reason in `cause`. */
function describeFetchError(error: unknown): string {
  const { message, cause } = error as Error & { cause?: { code?: string; message?: string } };
  const reason = cause?.code ?? cause?.message;
  return reason ? `${message} (${reason})` : message;
}
