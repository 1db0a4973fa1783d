// `npm run bench -- uploads` (ADR 0050): one free account sends 20 JPEGs of about 9 MB at once
// to POST /api/generator/generate on the production server (its own process, PGlite, demo AI),
// while another client asks /healthz one request after the other. Reported: the answers to the
// uploads, /healthz p50/p99 during the attack and the server's RSS growth (peak over the start).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { createAiClient } from "#server/integrations/ai/ai-client.ts";
import { buildIfSourcesChanged } from "../scripts/build-if-changed.ts";
import { openBenchDatabase, percentile, startBenchApp } from "./bench-app.ts";
import { readMemory } from "./load.bench.ts";
import { findFreePort, type RunningServer, startProductionServer } from "./production-server.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const UPLOAD_ATTACK_REQUESTS = 20;
export const UPLOAD_TARGETS = { healthzP99Ms: 200, rssGrowthMb: 150 } as const;
const SETTLE_MS = 5_000;

export type UploadReport = {
  imageMb: number;
  statuses: Record<string, number>;
  attackSeconds: number;
  healthzRequests: number;
  healthzErrors: number;
  healthzP50Ms: number;
  healthzP99Ms: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssHighWaterMb: number;
  rssAfterMb: number;
};

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

export async function runUploadBenchmark(log: (line: string) => void): Promise<UploadReport> {
  if (buildIfSourcesChanged({ log })) log("Produktions-Build neu erstellt.");
  const image = await nineMegabyteJpeg();
  const body = JSON.stringify({
    platform: "instagram",
    keyPoints: "Zimtschnecken, jeden Samstag",
    tone: "friendly",
    language: "german",
    imageData: `data:image/jpeg;base64,${image.toString("base64")}`,
  });
  const port = await findFreePort();
  const target = `http://127.0.0.1:${port}`;
  const bench = await openBenchDatabase(undefined);
  const dataDir = bench.env.DATA_DIR;
  let server: RunningServer | null = null;
  try {
    // A free account with the starting credits, signed in through the real routes.
    const app = await startBenchApp(bench, createAiClient(null));
    const cookie = await app.signUpUser("uploads@example.test");
    await bench.database.close();
    server = await startProductionServer({
      root: ROOT,
      port,
      dataDir,
      secret: bench.env.BETTER_AUTH_SECRET ?? "",
    });
    const pid = server.pid;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const rssBeforeMb = readMemory(pid).rssMb;
    let rssPeakMb = rssBeforeMb;
    const sampler = setInterval(() => {
      rssPeakMb = Math.max(rssPeakMb, readMemory(pid).rssMb);
    }, 50);
    // The probe runs in a thread of its own: this thread is busy sending 20 bodies, and its
    // delays must not count as the server's.
    const probe = new Worker(HEALTHZ_PROBE, { eval: true, workerData: `${target}/healthz` });
    const probed = new Promise<{ latencies: number[]; errors: number }>((resolve) => probe.once("message", resolve));
    const headers = { origin: `http://localhost:${port}`, "content-type": "application/json", cookie };
    const bodyBytes = Buffer.from(body);
    const started = performance.now();
    const statuses: Record<string, number> = {};
    await Promise.all(
      Array.from({ length: UPLOAD_ATTACK_REQUESTS }, async () => {
        const response = await fetch(`${target}/api/generator/generate`, {
          method: "POST",
          headers,
          body: bodyBytes,
        }).catch((error: unknown) => ({ status: `Fehler ${(error as Error).message}`, text: async () => "" }));
        // Read to the end: an admitted run streams until it is archived.
        await response.text().catch(() => "");
        statuses[String(response.status)] = (statuses[String(response.status)] ?? 0) + 1;
      }),
    );
    const attackSeconds = (performance.now() - started) / 1000;
    probe.postMessage("stop");
    const { latencies, errors: healthzErrors } = await probed;
    await probe.terminate();
    clearInterval(sampler);
    // VmHWM: the highest RSS since the start, also between two samples (the start's own peak included).
    const rssHighWaterMb = readMemory(pid).peakMb;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      imageMb: image.length / 1024 / 1024,
      statuses,
      attackSeconds,
      healthzRequests: latencies.length,
      healthzErrors,
      healthzP50Ms: percentile(sorted, 0.5),
      healthzP99Ms: percentile(sorted, 0.99),
      rssBeforeMb,
      rssPeakMb,
      rssHighWaterMb,
      rssAfterMb: readMemory(pid).rssMb,
    };
  } finally {
    await server?.stop();
    await bench.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

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
