// Lighthouse (mobile) on every public page of the production build, served by the real server on
// a free port with a fresh database (ADR 0016, 0018). Each page is measured in a fresh Chromium,
// runs interleaved across pages (and checkouts), and the medians are reported. With `vorher`, a
// second checkout is served beside this one and each run measures it first, then this one, so a
// change is judged on the same machine at the same time. A report, not a test: bench/run.ts
// prints it and exits 0.
//
// The Lighthouse CLI runs in its own process on the project's Node (24, ADR 0052). It comes from
// bench/lighthouse-cli/, its own npm project installed here on first use: as a dev dependency it
// would add 96 packages and 158 MB to every `npm install` for a bench that few runs (ADR 0058).

import { execFile, execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PRERENDERED_PATHS, ROUTES } from "#shared/routes.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../playwright.config.ts";
import { findFreePort, startProductionServer } from "./production-server.ts";

export const LIGHTHOUSE_DEFAULT_RUNS = 5;
/** Lighthouse's own CPU slowdown for its mobile profile. */
export const LIGHTHOUSE_DEFAULT_CPU_SLOWDOWN = 4;
/**
 * The targets hold for a machine with this benchmarkIndex (~1600, like a
 * mid-range phone). On a faster machine the same page scores better, so `--cpu-bremse` slows
 * the simulated phone by benchmarkIndex / 1600 more to judge it as there.
 */
export const REFERENCE_BENCHMARK_INDEX = 1600;

const FIGURES = [
  "performance",
  "accessibility",
  "bestPractices",
  "seo",
  "agenticBrowsing",
  "lcpSeconds",
  /**
   * The first paint as the browser presented it, before Lighthouse's simulation. Far above the
   * page's DOMContentLoaded (~0.2 s here) it shows the browser holding its first frame; the
   * simulation then counts the page's scripts into FCP and LCP (ADR 0038).
   */
  "observedFirstPaintSeconds",
  "totalBlockingTimeMs",
  "cumulativeLayoutShift",
  /** Bytes of resource type Script as they crossed the network (compressed, with headers). */
  "javaScriptKiB",
  /** Lighthouse's measure of this machine's speed in the run: it tells how noisy the run was. */
  "benchmarkIndex",
] as const;
export type Figure = (typeof FIGURES)[number];
export type Figures = Record<Figure, number>;

// The public pages' targets (ADR 0016, 0018). A target with `page` applies to that page only.
export const LIGHTHOUSE_TARGETS: { metric: Figure; label: string; atLeast?: number; atMost?: number; page?: string }[] =
  [
    { metric: "performance", label: "Performance", atLeast: 98 },
    { metric: "accessibility", label: "Barrierefreiheit", atLeast: 100 },
    { metric: "bestPractices", label: "Best Practices", atLeast: 100 },
    { metric: "seo", label: "SEO", atLeast: 100 },
    { metric: "agenticBrowsing", label: "Agentic Browsing", atLeast: 100, page: ROUTES.home },
    { metric: "lcpSeconds", label: "LCP (s)", atMost: 1.0 },
    { metric: "observedFirstPaintSeconds", label: "FCP beobachtet (s)" },
    { metric: "totalBlockingTimeMs", label: "TBT (ms)", atMost: 100 },
    { metric: "cumulativeLayoutShift", label: "CLS", atMost: 0 },
    { metric: "javaScriptKiB", label: "JavaScript (KiB)", atMost: 110, page: ROUTES.home },
    { metric: "benchmarkIndex", label: "benchmarkIndex" },
  ];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo", "agentic-browsing"];
// chrome-launcher starts a visible browser unless told otherwise; Playwright adds this itself.
const CHROMIUM_FLAGS = ["--headless", ...CHROMIUM_ARGS];
const MAX_ATTEMPTS_PER_RUN = 2;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LIGHTHOUSE_DIR = path.join(ROOT, "bench/lighthouse-cli");

export type LighthouseOptions = { pages: string[]; runs: number; beforeRoot: string | undefined; cpuSlowdown: number };

type Audit = { id: string; title: string };
type PageRun = Figures & { failedAgenticAudits: Audit[] };
export type PageReport = { path: string; runs: PageRun[]; median: Figures };
export type CheckoutReport = { label: "jetzt" | "vorher"; root: string; pages: PageReport[] };

/** `--seiten=/,/preise --laeufe=3 --vorher=../postwerk-main --cpu-bremse=7`, as bench/run.ts reads them. */
export function parseLighthouseOptions(values: {
  seiten?: string;
  laeufe?: string;
  vorher?: string;
  "cpu-bremse"?: string;
}) {
  const pages = values.seiten ? values.seiten.split(",").map((page) => page.trim()) : [...PRERENDERED_PATHS];
  const unknown = pages.filter((page) => !(PRERENDERED_PATHS as readonly string[]).includes(page));
  if (unknown.length > 0) {
    throw new Error(`Keine öffentliche Seite: ${unknown.join(", ")}. Möglich: ${PRERENDERED_PATHS.join(", ")}`);
  }
  const runs = values.laeufe === undefined ? LIGHTHOUSE_DEFAULT_RUNS : Number(values.laeufe);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--laeufe braucht eine ganze Zahl ab 1: ${values.laeufe}`);
  const beforeRoot = values.vorher === undefined ? undefined : path.resolve(values.vorher);
  if (beforeRoot && !fs.existsSync(path.join(beforeRoot, "node_modules"))) {
    throw new Error(`${beforeRoot} hat keine node_modules: dort zuerst npm install`);
  }
  const cpuSlowdown =
    values["cpu-bremse"] === undefined ? LIGHTHOUSE_DEFAULT_CPU_SLOWDOWN : Number(values["cpu-bremse"]);
  if (!Number.isFinite(cpuSlowdown) || cpuSlowdown < 1) {
    throw new Error(`--cpu-bremse braucht eine Zahl ab 1: ${values["cpu-bremse"]}`);
  }
  return { pages, runs, beforeRoot, cpuSlowdown } satisfies LighthouseOptions;
}

export async function runLighthouseBenchmark(
  options: LighthouseOptions,
  log: (line: string) => void,
): Promise<CheckoutReport[]> {
  const lighthouseCli = installLighthouseIfNeeded(log);
  const checkouts = [
    ...(options.beforeRoot ? [{ label: "vorher" as const, root: options.beforeRoot }] : []),
    { label: "jetzt" as const, root: ROOT },
  ];
  for (const { root } of checkouts) buildIfSourcesChanged(root, log);
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    for (const checkout of checkouts) servers.push(await startServer(checkout.root, log));
    const runs = checkouts.map(() => new Map(options.pages.map((page) => [page, [] as PageRun[]])));
    for (let run = 1; run <= options.runs; run++) {
      for (const page of options.pages) {
        for (const [index, checkout] of checkouts.entries()) {
          const prefix = `${page} (${run}/${options.runs}${checkouts.length > 1 ? `, ${checkout.label}` : ""})`;
          const url = `${servers[index]?.baseUrl}${page}`;
          const result = await measurePageWithRetry(lighthouseCli, url, options.cpuSlowdown, prefix, log);
          if (result) runs[index]?.get(page)?.push(result);
        }
      }
    }
    return checkouts.map((checkout, index) => ({
      ...checkout,
      pages: options.pages.map((page) => {
        const pageRuns = runs[index]?.get(page) ?? [];
        return { path: page, runs: pageRuns, median: medianFigures(pageRuns) };
      }),
    }));
  } finally {
    for (const server of servers) await server.stop();
  }
}

// `npm ci` again whenever the lockfile is newer than the installation (after a checkout, say).
// Returns the CLI's script, which runs on this process's Node.
function installLighthouseIfNeeded(log: (line: string) => void): string {
  const installed = path.join(LIGHTHOUSE_DIR, "node_modules/.package-lock.json");
  const lockfile = path.join(LIGHTHOUSE_DIR, "package-lock.json");
  if (!fs.existsSync(installed) || fs.statSync(installed).mtimeMs < fs.statSync(lockfile).mtimeMs) {
    log("Installiere Lighthouse (npm ci in bench/lighthouse-cli) …");
    // npm itself may run on the machine's older Node and warn about Lighthouse's engines.
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: LIGHTHOUSE_DIR,
      stdio: "inherit",
    });
  }
  return path.join(LIGHTHOUSE_DIR, "node_modules/lighthouse/cli/index.js");
}

// Each checkout with its own tools and only when its sources changed (ADR 0029); a checkout from
// before that check only has `npm run build`.
export function buildIfSourcesChanged(root: string, log: (line: string) => void) {
  const buildCheck = path.join(root, "scripts/build-if-changed.ts");
  const hasBuildCheck = fs.existsSync(buildCheck);
  log(`Produktions-Build in ${root}: ${hasBuildCheck ? "bauen, falls Quellen geändert" : "npm run build"} …`);
  const [command, args] = hasBuildCheck
    ? [process.execPath, ["--import", "tsx", buildCheck]]
    : ["npm", ["run", "build"]];
  // Quiet unless it fails: the error then carries the build's output.
  execFileSync(command, args, { cwd: root, stdio: "pipe" });
}

// On a temporary data directory, so the measurement sees a first visit to a fresh installation
// and leaves no data behind.
async function startServer(root: string, log: (line: string) => void) {
  const port = await findFreePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "postwerk-lighthouse-"));
  log(`Starte den Server aus ${root} auf Port ${port} (DATA_DIR ${dataDir}) …`);
  try {
    const server = await startProductionServer({
      root,
      port,
      dataDir,
      secret: crypto.randomBytes(32).toString("base64"),
    });
    return {
      baseUrl: server.baseUrl,
      stop: async () => {
        await server.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

// A run Lighthouse itself reports as broken (a page that never painted in time, say) scores
// 0 everywhere and would drag the median down; it is repeated once, then left out.
async function measurePageWithRetry(
  lighthouseCli: string,
  url: string,
  cpuSlowdown: number,
  prefix: string,
  log: (line: string) => void,
): Promise<PageRun | null> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS_PER_RUN; attempt++) {
    const result = await measurePage(lighthouseCli, url, cpuSlowdown);
    if (!("runtimeError" in result)) {
      log(
        `${prefix}: Performance ${result.performance}, LCP ${result.lcpSeconds.toFixed(2)} s ` +
          `(FCP beobachtet ${result.observedFirstPaintSeconds.toFixed(2)} s), ` +
          `TBT ${result.totalBlockingTimeMs} ms, benchmarkIndex ${result.benchmarkIndex}`,
      );
      return result;
    }
    const next = attempt < MAX_ATTEMPTS_PER_RUN ? ", wiederhole …" : ", ausgelassen";
    log(`${prefix}: Lauf ungültig (${result.runtimeError})${next}`);
  }
  return null;
}

/** The parts of Lighthouse's result (LHR) read here. */
type LighthouseResult = {
  runtimeError?: { code: string; message: string };
  environment: { benchmarkIndex: number };
  categories: Record<string, { title: string; score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<string, { title: string; score: number | null; numericValue?: number; details?: unknown }>;
};

// The Lighthouse CLI with its default configuration, the mobile one (emulated phone, simulated
// throttling); it starts its own Chromium, so no cache or storage carries over between runs.
async function measurePage(
  lighthouseCli: string,
  url: string,
  cpuSlowdown: number,
): Promise<PageRun | { runtimeError: string }> {
  const resultFile = path.join(os.tmpdir(), `postwerk-lighthouse-${process.pid}-${crypto.randomUUID()}.json`);
  const args = [
    lighthouseCli,
    url,
    "--output=json",
    // A file, not stdout: the CLI exits before a large result has gone through the pipe.
    `--output-path=${resultFile}`,
    "--quiet",
    `--only-categories=${CATEGORIES.join(",")}`,
    `--chrome-flags=${CHROMIUM_FLAGS.join(" ")}`,
    `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
  ];
  const { stderr } = await new Promise<{ stderr: string }>((resolve) =>
    execFile(
      process.execPath,
      args,
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 256 * 1024 * 1024 },
      // On a runtime error the CLI still writes the result, then exits with an error code.
      (_error, _stdout, stderr) => resolve({ stderr }),
    ),
  );
  const output = fs.existsSync(resultFile) ? fs.readFileSync(resultFile, "utf8") : "";
  fs.rmSync(resultFile, { force: true });
  if (!output.trim()) return { runtimeError: stderr.trim().split("\n")[0] || "keine Ausgabe" };
  const { categories, audits, runtimeError, environment } = JSON.parse(output) as LighthouseResult;
  if (runtimeError) return { runtimeError: `${runtimeError.code}: ${runtimeError.message}` };
  const unscored = Object.values(categories).find((category) => category.score === null);
  if (unscored) return { runtimeError: `keine Wertung für ${unscored.title}` };
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const agenticAudits = categories["agentic-browsing"]?.auditRefs ?? [];
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    agenticBrowsing: score("agentic-browsing"),
    lcpSeconds: (audits["largest-contentful-paint"]?.numericValue ?? Number.NaN) / 1000,
    observedFirstPaintSeconds: observedFirstContentfulPaintMs(audits.metrics?.details) / 1000,
    totalBlockingTimeMs: Math.round(audits["total-blocking-time"]?.numericValue ?? Number.NaN),
    cumulativeLayoutShift: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    javaScriptKiB: sumScriptTransferBytes(audits["network-requests"]?.details) / 1024,
    benchmarkIndex: Math.round(environment.benchmarkIndex),
    // Anything short of a full score keeps the category from 100; not applicable audits have none.
    failedAgenticAudits: agenticAudits.flatMap(({ id }) => {
      const audit = audits[id];
      return audit && audit.score !== null && audit.score < 1 ? [{ id, title: audit.title }] : [];
    }),
  };
}

function observedFirstContentfulPaintMs(details: unknown): number {
  const items = (details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items ?? [];
  return items[0]?.observedFirstContentfulPaint ?? Number.NaN;
}

function sumScriptTransferBytes(details: unknown): number {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return items
    .filter((item) => item.resourceType === "Script")
    .reduce((total, item) => total + (item.transferSize ?? 0), 0);
}

// With an even number of runs (or one left out), the mean of the middle two.
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  if (sorted.length % 2 === 1) return sorted[Math.floor(middle)] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

function medianFigures(runs: Figures[]): Figures {
  return Object.fromEntries(FIGURES.map((figure) => [figure, median(runs.map((run) => run[figure]))])) as Figures;
}
