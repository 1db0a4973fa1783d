// Lighthouse (mobile) on the production build, served by the real server on a free port
// with a fresh database (issue 5). Each page is measured RUNS times in a fresh Chromium and
// the median is reported. A report, not a test: bench/run.ts prints it and exits 0.
import { type ChildProcess, execSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../playwright.config.ts";
import { ROUTES } from "../shared/routes.ts";

// Issue 5, "Acceptance": the pages, the runs and the targets.
const LIGHTHOUSE_PAGES = [ROUTES.home, ROUTES.features, ROUTES.pricing];
export const LIGHTHOUSE_RUNS = 3;
export const LIGHTHOUSE_TARGETS: { metric: keyof PageScores; label: string; atLeast?: number; atMost?: number }[] = [
  { metric: "performance", label: "Performance", atLeast: 98 },
  { metric: "accessibility", label: "Barrierefreiheit", atLeast: 100 },
  { metric: "bestPractices", label: "Best Practices", atLeast: 100 },
  { metric: "seo", label: "SEO", atLeast: 100 },
  { metric: "lcpSeconds", label: "LCP (s)", atMost: 1.6 },
];
export const HOME_JAVASCRIPT_TARGET_KIB = 100;

// chrome-launcher starts a visible browser unless told otherwise; Playwright adds this itself.
const CHROMIUM_FLAGS = ["--headless", ...CHROMIUM_ARGS];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILT_PAGE = path.join(ROOT, "build/client/index.html");
const SOURCE_DIRS = ["app", "shared", "public"].map((dir) => path.join(ROOT, dir));
const SERVER_START_TIMEOUT_MS = 60_000;
const MAX_ATTEMPTS_PER_RUN = 2;

type PageScores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpSeconds: number;
  /** No target of its own, but what keeps performance from 98 (ADR 0016, 0018). */
  totalBlockingTimeMs: number;
  javaScriptKiB: number;
  /** The same scripts as gzip -9 files, without headers: the "gzipped JavaScript". */
  javaScriptGzipKiB: number;
};

type LighthouseReport = { path: string; median: PageScores; runs: PageScores[] }[];

export async function runLighthouseBenchmark(log: (line: string) => void): Promise<LighthouseReport> {
  buildIfNeeded(log);
  const server = await startServer(log);
  try {
    const report: LighthouseReport = [];
    for (const pagePath of LIGHTHOUSE_PAGES) {
      const runs: PageScores[] = [];
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
        log(`Lighthouse ${pagePath} (${run}/${LIGHTHOUSE_RUNS}) …`);
        const scores = await measurePageWithRetry(`${server.baseUrl}${pagePath}`, log);
        if (scores) runs.push(scores);
      }
      report.push({ path: pagePath, median: medianScores(runs), runs });
    }
    return report;
  } finally {
    await server.stop();
  }
}

// A build older than any front-end source would measure yesterday's page.
function buildIfNeeded(log: (line: string) => void) {
  const builtAt = fs.existsSync(BUILT_PAGE) ? fs.statSync(BUILT_PAGE).mtimeMs : 0;
  if (builtAt > Math.max(...SOURCE_DIRS.map(newestChangeIn))) return;
  log("Baue den Produktions-Build (npm run build) …");
  execSync("npm run build", { cwd: ROOT, stdio: "ignore" });
}

function newestChangeIn(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

async function findFreePort(): Promise<number> {
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

// The real server as `npm start` runs it, but on a temporary data directory, so the
// measurement sees a first visit to a fresh installation and leaves no data behind.
async function startServer(log: (line: string) => void) {
  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "postwerk-bench-"));
  log(`Starte den Server auf ${baseUrl} (DATA_DIR ${dataDir}) …`);
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("base64"),
      LOG_LEVEL: "warn",
    },
  });
  const stop = async () => {
    await stopProcess(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(`${baseUrl}/readyz`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

async function waitUntilReady(url: string, child: ChildProcess) {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server beendet mit Code ${child.exitCode}`);
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Server nicht bereit nach ${SERVER_START_TIMEOUT_MS / 1000} s`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

// A run Lighthouse itself reports as broken (a page that never painted in time, say) scores
// 0 everywhere and would drag the median down; it is repeated once, then left out.
async function measurePageWithRetry(url: string, log: (line: string) => void): Promise<PageScores | null> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS_PER_RUN; attempt++) {
    const result = await measurePage(url);
    if (!("runtimeError" in result)) return result;
    log(
      `  Lauf ungültig (${result.runtimeError})${attempt < MAX_ATTEMPTS_PER_RUN ? ", wiederhole …" : ", ausgelassen"}`,
    );
  }
  return null;
}

// One run in its own Chromium, so no cache or storage carries over between runs.
async function measurePage(url: string): Promise<PageScores | { runtimeError: string }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    // Lighthouse's default configuration is the mobile one (emulated phone, throttled).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`Lighthouse lieferte kein Ergebnis für ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) return { runtimeError: `${runtimeError.code}: ${runtimeError.message}` };
    const unscored = Object.values(categories).find((category) => category.score === null);
    if (unscored) return { runtimeError: `keine Wertung für ${unscored.title}` };
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpSeconds: (audits["largest-contentful-paint"]?.numericValue ?? Number.NaN) / 1000,
      totalBlockingTimeMs: Math.round(audits["total-blocking-time"]?.numericValue ?? Number.NaN),
      javaScriptKiB: sumScriptTransferBytes(audits["network-requests"]?.details) / 1024,
      javaScriptGzipKiB: sumScriptGzipBytes(audits["network-requests"]?.details) / 1024,
    };
  } finally {
    chrome.kill();
  }
}

// The bytes of JavaScript that crossed the network (compressed, as the server sent them).
function sumScriptTransferBytes(details: unknown): number {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return items
    .filter((item) => item.resourceType === "Script")
    .reduce((total, item) => total + (item.transferSize ?? 0), 0);
}

// The server sends Brotli to Chromium (ADR 0016); the target is worded in gzip, so the same
// files are also counted as gzip at level 9, the size a gzip-only client would receive.
function sumScriptGzipBytes(details: unknown): number {
  const items = (details as { items?: { resourceType?: string; url?: string }[] } | undefined)?.items ?? [];
  return items
    .filter((item) => item.resourceType === "Script" && item.url)
    .reduce((total, item) => {
      const file = path.join(ROOT, "build/client", new URL(item.url ?? "").pathname);
      return total + zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    }, 0);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function medianScores(runs: PageScores[]): PageScores {
  const of = (key: keyof PageScores) => median(runs.map((run) => run[key]));
  return {
    performance: of("performance"),
    accessibility: of("accessibility"),
    bestPractices: of("bestPractices"),
    seo: of("seo"),
    lcpSeconds: of("lcpSeconds"),
    totalBlockingTimeMs: of("totalBlockingTimeMs"),
    javaScriptKiB: of("javaScriptKiB"),
    javaScriptGzipKiB: of("javaScriptGzipKiB"),
  };
}
