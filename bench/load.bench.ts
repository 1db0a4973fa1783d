// "Fast on one small server" (ADR 0028, 0029): the production server as `npm start` runs it, in its
// own process, under load from autocannon on loopback. Throughput and latency per endpoint,
// and the server's resident memory after start and after the load. A report, not a test:
// bench/run.ts prints it with the targets and exits 0 whatever the figures.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { eq } from "drizzle-orm";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { user } from "#server/db/schema/auth.ts";
import { createAiClient } from "#server/integrations/ai/ai-client.ts";
import { ROUTES } from "#shared/routes.ts";
import { buildIfSourcesChanged } from "../scripts/build-if-changed.ts";
import { openBenchDatabase, startBenchApp } from "./bench-app.ts";
import { FIRST_START_TARGET_MB } from "./first-start-memory.bench.ts";
import { findFreePort, type RunningServer, startProductionServer } from "./production-server.ts";

export const LOAD_CONNECTIONS = 50;
export const LOAD_SECONDS = 10;
const WARM_UP_SECONDS = 3;
/** Quiet time before "after start" and "after the load" are read: work begun late settles. */
export const LOAD_SETTLE_SECONDS = 5;
const SETTLE_MS = LOAD_SETTLE_SECONDS * 1000;
const ARCHIVE_ENTRIES = 2_000;
export const ARCHIVE_SEARCH_TERM = "heute";

// The targets of ADR 0028 (pages) and ADR 0029 (profile, memory; after start as in ADR 0122).
export const LOAD_TARGETS = {
  pageRequestsPerSecond: 2_000,
  pageP99Ms: 100,
  /** On PostgreSQL; PGlite runs every query on the server's one JavaScript thread. */
  profileRequestsPerSecond: 600,
  profileP99Ms: 150,
  /** On PGlite, after start: the same target as `erststart`'s restart. */
  startRssMb: FIRST_START_TARGET_MB,
  rssGrowthMb: 100,
} as const;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type EndpointKind = "page" | "profile" | "archive";

export type EndpointFigures = {
  label: string;
  kind: EndpointKind;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** The server's VmRSS right after this endpoint's run. */
  rssAfterMb: number;
};

export type LoadReport = {
  database: "PGlite" | "PostgreSQL";
  readySeconds: number;
  rssAfterStartMb: number;
  rssRightAfterLoadMb: number;
  /** After SETTLE_MS without requests, like rssAfterStartMb. */
  rssAfterLoadMb: number;
  peakRssMb: number;
  endpoints: EndpointFigures[];
};

export async function runLoadBenchmark(
  postgresServerUrl: string | undefined,
  log: (line: string) => void,
): Promise<LoadReport> {
  if (buildIfSourcesChanged({ log })) log("Produktions-Build neu erstellt.");
  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  // Loopback by address, so no name lookup can send the load elsewhere.
  const target = `http://127.0.0.1:${port}`;
  // Signed in on bench-app's in-process app (its own origin); the session works on any origin.
  const bench = await openBenchDatabase(postgresServerUrl);
  const dataDir = bench.env.DATA_DIR;
  const isPglite = bench.label === "PGlite";
  let server: RunningServer | null = null;
  try {
    const { cookie } = await prepareAccount(bench);
    // PGlite allows one process per data directory: the server opens it next.
    if (isPglite) await bench.database.close();
    log(`Starte den Server auf ${baseUrl} (${bench.label}, DATA_DIR ${dataDir}) …`);
    server = await startProductionServer({
      root: ROOT,
      port,
      dataDir,
      databaseUrl: isPglite ? undefined : bench.env.DATABASE_URL,
      secret: bench.env.BETTER_AUTH_SECRET ?? "",
    });
    const { readySeconds } = server;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const rssAfterStartMb = readMemory(server.pid).rssMb;

    const browser = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip, deflate, br" };
    const api = { accept: "application/json", "accept-encoding": "gzip, deflate, br" };
    const endpoints: { label: string; kind: EndpointKind; path: string; headers: () => Promise<RequestHeaders> }[] = [
      { label: `GET ${ROUTES.home}`, kind: "page", path: ROUTES.home, headers: async () => browser },
      { label: `GET ${ROUTES.pricing}`, kind: "page", path: ROUTES.pricing, headers: async () => browser },
      {
        label: "GET /api/profile (angemeldet)",
        kind: "profile",
        path: "/api/profile",
        headers: async () => ({ ...api, cookie: await browserCookies(target, cookie) }),
      },
      {
        label: `GET /api/archive?search=${ARCHIVE_SEARCH_TERM} (${ARCHIVE_ENTRIES} Einträge)`,
        kind: "archive",
        path: `/api/archive?search=${ARCHIVE_SEARCH_TERM}`,
        headers: async () => ({ ...api, cookie: await browserCookies(target, cookie) }),
      },
    ];

    const figures: EndpointFigures[] = [];
    for (const endpoint of endpoints) {
      log(`${endpoint.label}: ${WARM_UP_SECONDS} s aufwärmen, ${LOAD_SECONDS} s messen …`);
      const url = `${target}${endpoint.path}`;
      await load(url, await endpoint.headers(), WARM_UP_SECONDS);
      // Fresh cookies per run: what a browser holds right after loading a page.
      const result = await load(url, await endpoint.headers(), LOAD_SECONDS);
      figures.push({
        label: endpoint.label,
        kind: endpoint.kind,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        requests: result.requests.total,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        rssAfterMb: readMemory(server.pid).rssMb,
      });
    }
    const rssRightAfterLoadMb = readMemory(server.pid).rssMb;
    // The same quiet time as after the start, so both figures are read alike.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const memory = readMemory(server.pid);
    return {
      database: bench.label,
      readySeconds,
      rssAfterStartMb,
      rssRightAfterLoadMb,
      rssAfterLoadMb: memory.rssMb,
      peakRssMb: memory.peakMb,
      endpoints: figures,
    };
  } finally {
    await server?.stop();
    // PGlite was closed before the server started; closing again only says so.
    await bench.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type RequestHeaders = Record<string, string>;

function load(url: string, headers: RequestHeaders, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, headers, connections: LOAD_CONNECTIONS, duration: seconds, timeout: 10 });
}

/**
 * A Pro account signed in through the real routes (bench-app.ts) with ARCHIVE_ENTRIES entries in
 * its archive, a tenth of them containing ARCHIVE_SEARCH_TERM.
 */
async function prepareAccount(bench: Awaited<ReturnType<typeof openBenchDatabase>>) {
  const app = await startBenchApp(bench, createAiClient(null));
  const email = "last@example.test";
  const cookie = await app.signUpUser(email);
  const [account] = await app.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!account) throw new Error("Bench-Konto fehlt");
  const now = Date.now();
  const rows = Array.from({ length: ARCHIVE_ENTRIES }, (_, index) => ({
    userId: account.id,
    platform: ["instagram", "facebook", "linkedin", "x"][index % 4] ?? "instagram",
    language: "german",
    tone: "friendly",
    keyPoints: `Angebot ${index}, ${index % 10 === 0 ? `${ARCHIVE_SEARCH_TERM} frisch` : "jeden Samstag"}, Familienrezept`,
    generatedPosts: [
      `Beitrag ${index}: Zimtschnecken nach Familienrezept, ${index % 10 === 0 ? ARCHIVE_SEARCH_TERM : "morgen"} ab 7 Uhr.`,
      `Zweiter Beitrag ${index}: Sauerteig, 48 Stunden Ruhe, saftig und nicht zu süß. #Bäckerei`,
      `Dritter Beitrag ${index}: Kommen Sie früh, sie sind schnell weg. #Wochenende`,
    ],
    createdAt: new Date(now - index * 3_600_000),
  }));
  for (let first = 0; first < rows.length; first += 500) {
    await app.deps.db.insert(archivedPosts).values(rows.slice(first, first + 500));
  }
  return { cookie };
}

/** The cookies a browser holds after the SPA asked for its session (Better Auth may add its cache cookie). */
async function browserCookies(baseUrl: string, sessionCookie: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie: sessionCookie } });
  if (!response.ok) throw new Error(`Sitzung nicht lesbar: ${response.status}`);
  const jar = new Map(sessionCookie.split("; ").map((pair) => [pair.split("=")[0] ?? "", pair] as const));
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0] ?? "";
    const [name = "", value = ""] = pair.split("=");
    if (value) jar.set(name, pair);
    else jar.delete(name);
  }
  return [...jar.values()].join("; ");
}

/** VmRSS (resident now) and VmHWM (the peak) of the server process, in MB. */
export function readMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kilobytes("VmRSS") / 1024, peakMb: kilobytes("VmHWM") / 1024 };
}
