// `npm run bench`: every benchmark of the product, each printed with its target.
// Reports, not tests: the exit code is 0 whatever the figures.
//   npm run bench                          all sections
//   npm run bench -- generator archiv      only these (metriken, generator, archiv, nutzersuche, fuzz, last, uploads, lighthouse, dauerhaft, erststart,
//                                          planung, app-routes, redaktionsplan, api, erfolg; last includes erststart)
//   BENCH_DIR=/var/lib/postwerk npm run bench -- dauerhaft
//                                          PGlite commits with and without fsync on that disk (default: the temp dir)
//   BENCH_DATABASE_URL=postgres://…        generator, archive, user search, load, planning, api (one and two servers) and erfolg also on PostgreSQL
//   npm run bench -- lighthouse --seiten=/,/preise --laeufe=3 --vorher=../postwerk-alt
//                                          Lighthouse on these pages only, 3 runs, beside another checkout
//   npm run bench -- redaktionsplan --vorher=../postwerk-alt
//                                          the calendar in turns with another (built) checkout's
//   npm run bench -- app-routes --vorher=../postwerk-alt
//                                          the signed-in pages in turns with another (built) checkout's
//   npm run bench -- uploads --vorher=../postwerk-alt
//                                          the upload attack in alternating rounds with another (built) checkout's server
//   npm run bench -- metriken --vorher=../postwerk-alt
//                                          X-post metrics in turns with another checkout's, and both optimizer bundles
//   npm run bench -- lighthouse --cpu-bremse=7
//                                          a slower simulated phone, for a machine faster than the targets'
//                                          (4 × benchmarkIndex / 1600)
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runUserSearchBenchmark, USER_SEARCH_PROFILES, USER_SEARCH_TARGET_P95_MS } from "./admin-user-search.bench.ts";
import { FUZZ_REQUESTS, runApiFuzzBenchmark } from "./api-fuzz.bench.ts";
import { APP_ROUTE_RUNS, APP_ROUTE_TARGETS, runAppRoutesBenchmark } from "./app-routes.bench.ts";
import {
  ARCHIVE_ROWS,
  ARCHIVE_SEARCH_TARGET_P95_MS,
  type ArchiveSearchReport,
  runArchiveSearchBenchmark,
} from "./archive-search.bench.ts";
import {
  ERFOLG_POSTS,
  ERFOLG_RUNS,
  METRICS_ACCOUNTS,
  METRICS_POSTS,
  METRICS_TARGETS,
  runErfolgBenchmark,
  runMetricsDayBenchmark,
} from "./erfolg.bench.ts";
import { FIRST_START_TARGET_MB, runFirstStartMemoryBenchmark } from "./first-start-memory.bench.ts";
import {
  FIRST_POST_SHARE_TARGET,
  GENERATION_MEASURED_RUNS,
  GENERATION_TARGET_P95_MS,
  GENERATION_WARM_UP_RUNS,
  runFirstPostBenchmark,
  runGenerationBenchmark,
  SLOW_STREAM_RUNS,
} from "./generation.bench.ts";
import {
  buildIfSourcesChanged,
  type CheckoutReport,
  type Figure,
  LIGHTHOUSE_DEFAULT_CPU_SLOWDOWN,
  LIGHTHOUSE_TARGETS,
  median,
  parseLighthouseOptions,
  REFERENCE_BENCHMARK_INDEX,
  runLighthouseBenchmark,
} from "./lighthouse.ts";
import {
  type EndpointFigures,
  LOAD_CONNECTIONS,
  LOAD_SECONDS,
  LOAD_SETTLE_SECONDS,
  LOAD_TARGETS,
  type LoadReport,
  runLoadBenchmark,
} from "./load.bench.ts";
import { measureOptimizerBundle, OPTIMIZER_JS_TARGET_KIB } from "./optimizer-bundle.bench.ts";
import { DURABILITY_COMMITS, runDurabilityBenchmark } from "./pglite-durability.bench.ts";
import {
  type NetworkFigures,
  PLANNING_ACCOUNTS,
  PLANNING_POSTS,
  PLANNING_TARGETS,
  runPlanningBenchmark,
} from "./planung.bench.ts";
import {
  KILL_AT_SHARE,
  PLANNING_KILL_TARGETS,
  type PlanningKillReport,
  runPlanningKillBenchmark,
} from "./planung-kill.bench.ts";
import { CONTAINER_WAITS, PLANNING_NETWORK_MS } from "./planung-network.ts";
import {
  BENCHMARK_EMOJI_POST,
  BENCHMARK_POST,
  comparePostMetrics,
  loadAnalyzePost,
  POST_METRICS_TARGET_MS,
  runPostMetricsBenchmark,
} from "./post-metrics.bench.ts";
import {
  API_BENCH_SECONDS,
  API_BENCH_TARGETS,
  runPublicApiBenchmark,
  runPublicApiTwoServerBenchmark,
} from "./public-api.bench.ts";
import { CALENDAR_POSTS, CALENDAR_RUNS, CALENDAR_TARGETS, runCalendarBenchmark } from "./redaktionsplan.bench.ts";
import {
  formatStatuses,
  formatThreadCpu,
  runUploadBenchmark,
  UPLOAD_ATTACK_REQUESTS,
  UPLOAD_ROUNDS,
  UPLOAD_TARGETS,
} from "./uploads.bench.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const SECTIONS = [
  "metriken",
  "generator",
  "archiv",
  "nutzersuche",
  "fuzz",
  "last",
  "uploads",
  "lighthouse",
  "dauerhaft",
  "erststart",
  "planung",
  "app-routes",
  "redaktionsplan",
  "api",
  "erfolg",
] as const;
type Section = (typeof SECTIONS)[number];

let parsed: ReturnType<typeof readArguments>;
try {
  parsed = readArguments();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const { requested, lighthouseOptions } = parsed;

function readArguments() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      seiten: { type: "string" },
      laeufe: { type: "string" },
      vorher: { type: "string" },
      "cpu-bremse": { type: "string" },
    },
  });
  return { requested: positionals, lighthouseOptions: parseLighthouseOptions(values) };
}

const unknown = requested.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`Unbekannter Abschnitt: ${unknown.join(", ")}. Möglich: ${SECTIONS.join(", ")} (ohne Angabe: alle).`);
  process.exit(1);
}
const wanted = (section: Section) => requested.length === 0 || requested.includes(section);
const postgresServerUrl = process.env.BENCH_DATABASE_URL || undefined;

function verdict(value: number, target: number): string {
  return value <= target ? "OK" : "VERFEHLT";
}

// Some targets say "under" (the generator's, the archive search's in ADR 0017).
function verdictBelow(value: number, target: number): string {
  return value < target ? "OK" : "VERFEHLT";
}

function milliseconds(value: number): string {
  return `${value.toFixed(2)} ms`;
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

// A benchmark that cannot measure (a refused generation, say) has no figure to report: it
// says so, the other sections still run, and the exit code tells that something broke.
async function reportFailures(run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    console.log(`FEHLER, keine Messung: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

if (wanted("metriken")) {
  console.log("== X-Post-Metriken (shared/post-metrics.ts) und das JavaScript des Optimizers (ADR 0063)");
  const { beforeRoot } = lighthouseOptions;
  const analyzeBefore = beforeRoot ? await loadAnalyzePost(beforeRoot) : undefined;
  for (const [label, text] of [
    ["Beispielpost", BENCHMARK_POST],
    ["mit aktuellen Emoji", BENCHMARK_EMOJI_POST],
  ] as const) {
    const target = `Ziel Median ≤ ${POST_METRICS_TARGET_MS} ms`;
    const name = `analyzePost, ${label}, ${[...text].length} Zeichen`;
    if (analyzeBefore) {
      const { beforeMs, nowMs } = comparePostMetrics(text, analyzeBefore);
      console.log(
        `${name}: Median jetzt ${nowMs.toFixed(4)} ms, vorher ${beforeMs.toFixed(4)} ms, im Wechsel (${target}: ${verdict(nowMs, POST_METRICS_TARGET_MS)})`,
      );
    } else {
      const metrics = runPostMetricsBenchmark(text);
      console.log(
        `${name}: Median ${metrics.medianMs.toFixed(4)} ms, p95 ${metrics.p95Ms.toFixed(4)} ms (${target}: ${verdict(metrics.medianMs, POST_METRICS_TARGET_MS)})`,
      );
    }
  }
  await reportFailures(async () => {
    for (const [label, root] of [...(beforeRoot ? [["vorher", beforeRoot] as const] : []), ["jetzt", ROOT] as const]) {
      buildIfSourcesChanged(root, (line) => console.log(`   ${line}`));
      const bundle = measureOptimizerBundle(path.join(root, "build/client"));
      console.log(
        `/xposter-evaluator angemeldet, ${label}: ${bundle.totalGzipKib.toFixed(1)} KiB gzip in ${bundle.files} Dateien, ` +
          `davon das Werkzeug ${bundle.toolGzipKib.toFixed(1)} KiB (Ziel ≤ ${OPTIMIZER_JS_TARGET_KIB} KiB: ${verdict(bundle.totalGzipKib, OPTIMIZER_JS_TARGET_KIB)})`,
      );
    }
  });
}

if (wanted("dauerhaft")) {
  const dir = process.env.BENCH_DIR || undefined;
  console.log(
    `\n== PGlite: ${DURABILITY_COMMITS} Commits nacheinander, mit und ohne fsync (ADR 0045; Ordner ${dir ?? "temporär"})`,
  );
  await reportFailures(async () => {
    for (const figures of await runDurabilityBenchmark(dir)) {
      console.log(
        `${figures.durable ? "mit fsync (Server)      " : "ohne fsync (PGlite-Standard)"}: Median ${milliseconds(figures.medianMs)}, ` +
          `p95 ${milliseconds(figures.p95Ms)} je Commit, zusammen ${(figures.totalMs / 1000).toFixed(2)} s; ` +
          `erster Start ${(figures.openMs / 1000).toFixed(1)} s`,
      );
    }
  });
}

// `last` reports the memory after a first start as well (ADR 0056): its own server only ever
// opens a prepared directory, which is the restart.
if (wanted("erststart") || wanted("last")) {
  console.log(
    "\n== Produktionsserver auf PGlite: Speicher nach dem ersten Start und nach einem Neustart (VmRSS 3 s nach /readyz; ADR 0046, 0056, 0122)",
  );
  await reportFailures(async () => {
    const { firstStart, restart } = await runFirstStartMemoryBenchmark();
    for (const [label, memory] of [
      ["erster Start, neuer Datenordner", firstStart],
      ["Neustart auf demselben Ordner ", restart],
    ] as const) {
      console.log(
        `${label}: ${memory.rssMb.toFixed(0)} MB (Spitze ${memory.peakMb.toFixed(0)} MB, bereit nach ${memory.readySeconds.toFixed(1)} s; ` +
          `Ziel ≤ ${FIRST_START_TARGET_MB} MB: ${verdict(memory.rssMb, FIRST_START_TARGET_MB)})`,
      );
    }
  });
}

if (wanted("generator")) {
  console.log(
    "\n== Generierung ohne Bild und Website, serverseitig ohne Modell " +
      "(POST /api/generator/generate auf der echten App, Pro-Konto, Modell antwortet sofort)",
  );
  await reportFailures(async () => {
    for (const url of [undefined, ...(postgresServerUrl ? [postgresServerUrl] : [])]) {
      const result = await runGenerationBenchmark(url);
      const target =
        result.database === "PGlite"
          ? `Ziel p95 unter ${GENERATION_TARGET_P95_MS} ms: ${verdictBelow(result.p95Ms, GENERATION_TARGET_P95_MS)}`
          : "zum Vergleich, das Ziel gilt für PGlite";
      console.log(
        `${result.database}, ${GENERATION_MEASURED_RUNS} Läufe nach ${GENERATION_WARM_UP_RUNS} zum Aufwärmen: ` +
          `Median ${milliseconds(result.medianMs)}, p95 ${milliseconds(result.p95Ms)} (${target})`,
      );
    }
  });

  console.log("\n== Erster Beitrag im Stream, Fake-Modell streamt langsam (gelesen wie im Browser, PGlite)");
  await reportFailures(async () => {
    const result = await runFirstPostBenchmark();
    console.log(
      `Modell: ${result.chunkCount} Stücke alle ${result.chunkDelayMs} ms; Dauer bis "done": Median ${(result.totalMs / 1000).toFixed(2)} s. ` +
        `Anteil an dieser Dauer, Median aus ${SLOW_STREAM_RUNS} Läufen:`,
    );
    console.log(
      `  erster Beitrag vollständig: ${percent(result.completeShare)} ` +
        `(Ziel unter ${FIRST_POST_SHARE_TARGET * 100} %: ${verdictBelow(result.completeShare, FIRST_POST_SHARE_TARGET)}; ` +
        `Läufe: ${result.completeShares.map((share) => (share * 100).toFixed(1)).join(", ")})`,
    );
    console.log(
      `  (der erste Beitrag endet bei ${percent(result.modelShare)} der Modellausgabe; früher geht es mit diesen Beiträgen nicht)`,
    );
    console.log(`  erster Beitrag sichtbar (erster Text): ${percent(result.visibleShare)} (zur Information)`);
    console.log(
      '  Das Ziel gilt für "vollständig" (der zweite Beitrag hat begonnen oder der erste steht fertig da), ' +
        'die strengere Lesart von "erster gestreamter Beitrag".',
    );
  });
}

if (wanted("archiv")) {
  for (const url of [undefined, ...(postgresServerUrl ? [postgresServerUrl] : [])]) {
    console.log(
      `\n== Archivsuche bei ${ARCHIVE_ROWS} Einträgen (listArchivedPosts: Seite und Anzahl; ${url ? "PostgreSQL" : "PGlite"})`,
    );
    await reportFailures(async () => printArchiveReport(await runArchiveSearchBenchmark(url)));
  }
}

if (wanted("nutzersuche")) {
  for (const url of [undefined, ...(postgresServerUrl ? [postgresServerUrl] : [])]) {
    console.log(
      `\n== Nutzersuche im Admin-Bereich bei ${USER_SEARCH_PROFILES} Profilen (searchUsers: Seite mit Plänen; ${url ? "PostgreSQL" : "PGlite"})`,
    );
    await reportFailures(async () => {
      const report = await runUserSearchBenchmark(url);
      console.log(`Tabellen befüllt und analysiert in ${report.fillSeconds.toFixed(1)} s.`);
      console.log(
        `Suchen abwechselnd: Median ${milliseconds(report.medianMs)}, p95 ${milliseconds(report.p95Ms)} ` +
          `(Ziel p95 ≤ ${USER_SEARCH_TARGET_P95_MS} ms: ${verdict(report.p95Ms, USER_SEARCH_TARGET_P95_MS)})`,
      );
      for (const search of report.searches) {
        console.log(
          `  ${search.label.padEnd(34)} ${String(search.shown).padStart(3)} gezeigt  ` +
            `Median ${milliseconds(search.medianMs).padStart(9)}  p95 ${milliseconds(search.p95Ms).padStart(9)}`,
        );
      }
    });
  }
}

if (wanted("fuzz")) {
  console.log(
    `\n== API-Fuzzing: ${FUZZ_REQUESTS} zufällige und veränderte Anfragen an jeden JSON-Endpunkt (echte App, PGlite)`,
  );
  await reportFailures(async () => {
    const report = await runApiFuzzBenchmark();
    const byStatus = (counts: Map<number, number>) =>
      [...counts]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(" ");
    console.log(
      `Gesendet: ${report.sent} in ${report.seconds.toFixed(1)} s (Seed ${report.seed}); ` +
        `5xx: ${report.serverErrors.length} (Ziel 0: ${report.serverErrors.length === 0 ? "OK" : "VERFEHLT"})`,
    );
    console.log("Antworten je Endpunkt (Status×Anzahl):");
    for (const [endpoint, counts] of [...report.statusCounts].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`  ${endpoint.padEnd(42)} ${byStatus(counts)}`);
    }
    for (const error of report.serverErrors.slice(0, 10)) console.log(`  ${error}`);
    const creditsRight = report.creditsTaken === report.generationsArchived;
    console.log(
      `Server danach erreichbar: ${report.alive ? "ja" : "NEIN"}; Credits abgebucht: ${report.creditsTaken}, ` +
        `archivierte Generierungen: ${report.generationsArchived} (${creditsRight ? "OK" : "VERFEHLT"})`,
    );
    if (!report.alive) process.exitCode = 1;
  });
}

if (wanted("last")) {
  for (const url of [undefined, ...(postgresServerUrl ? [postgresServerUrl] : [])]) {
    console.log(
      `\n== Last auf dem Produktionsserver (npm start als eigener Prozess, ${url ? "PostgreSQL" : "PGlite"}, Demo-KI): ` +
        `autocannon über Loopback, ${LOAD_CONNECTIONS} Verbindungen, je ${LOAD_SECONDS} s nach dem Aufwärmen`,
    );
    await reportFailures(async () => printLoadReport(await runLoadBenchmark(url, (line) => console.log(`   ${line}`))));
  }
}

// Publishing is trusted blind (ADR 0053, 0076): here a missed target is a failure, exit code 1.
if (wanted("planung")) {
  console.log(
    `\n== Planen: ${PLANNING_POSTS} Beiträge von ${PLANNING_ACCOUNTS} Konten auf allen sieben Netzwerken in einer Minute fällig, ` +
      `Netzwerk antwortet je Aufruf nach ${PLANNING_NETWORK_MS} ms; Instagram (mit Bild) und Threads über Container ` +
      `(Wartezeiten der Adapter: ${containerWaits()}; ADR 0053, 0074)`,
  );
  for (const serverUrl of [undefined, ...(postgresServerUrl ? [postgresServerUrl] : [])]) {
    await reportFailures(async () => {
      const report = await runPlanningBenchmark(serverUrl);
      console.log(
        `${report.database}: RSS-Zuwachs ${report.rssGrowthMb.toFixed(1)} MB ` +
          `(Ziel ≤ ${PLANNING_TARGETS.rssGrowthMb} MB: ${verdict(report.rssGrowthMb, PLANNING_TARGETS.rssGrowthMb)})`,
      );
      printNetworkFigures(report.figures, PLANNING_TARGETS.p99LatenessMs);
      const met =
        report.figures.every(
          (figures) =>
            figures.p99BeyondWaitsMs <= PLANNING_TARGETS.p99LatenessMs && figures.duplicates + figures.lost === 0,
        ) && report.rssGrowthMb <= PLANNING_TARGETS.rssGrowthMb;
      if (!met) process.exitCode = 1;
    });
  }
  console.log(
    `\n-- Dieselben Beiträge, gesendet von Serverprozessen (Warteschlange wie in Produktion); bei ${KILL_AT_SHARE * 100} % der Ankünfte ` +
      "kill -9 eines Servers: auf PostgreSQL sendet der zweite weiter, auf PGlite startet ein neuer auf denselben Daten; " +
      "danach der Sweep mit vorgestellter Uhr (ADR 0075, 0076)",
  );
  const killReports: PlanningKillReport[] = [];
  for (const serverUrl of [undefined, ...(postgresServerUrl ? [postgresServerUrl] : [])]) {
    await reportFailures(async () => {
      killReports.push(await runPlanningKillBenchmark(serverUrl));
    });
  }
  if (killReports.length > 0) printPlanningKillReports(killReports);
}

/** The waits the container networks ask the queue for, e.g. "instagram 10 s, dann 60 s je Blick auf „IN_PROGRESS“". */
function containerWaits(): string {
  return Object.entries(CONTAINER_WAITS)
    .map(
      ([network, waits]) =>
        `${network} ${waits.firstMs / 1000} s, dann ${waits.nextMs / 1000} s je Blick auf „IN_PROGRESS“`,
    )
    .join("; ");
}

/**
 * One row per network (all posts first): lateness p50/p99, p99 beyond the waits the network asked
 * for (the target, p99 ≤ 5 s "where the network's limits allow"), duplicates and lost posts.
 */
function printNetworkFigures<Row extends NetworkFigures>(
  figures: Row[],
  target: number,
  extra?: { label: string; value: (row: Row) => string },
) {
  const seconds = (value: number) => (Number.isNaN(value) ? "–" : `${(value / 1000).toFixed(2)} s`);
  const header = ["Netzwerk", "Beiträge", "p50", "p99", "p99 ohne Wartezeit", "doppelt", "verloren"];
  if (extra) header.push(extra.label);
  const line = (cells: string[]) =>
    console.log(
      `  ${cells.map((cell, index) => (index === 0 ? cell.padEnd(10) : cell.padStart(index === 4 ? 22 : 12))).join("")}`,
    );
  line(header);
  for (const row of figures) {
    const cells = [
      row.network,
      String(row.posts),
      seconds(row.p50LatenessMs),
      seconds(row.p99LatenessMs),
      `${seconds(row.p99BeyondWaitsMs)} ${row.p99BeyondWaitsMs <= target ? "OK" : "VERFEHLT"}`,
      String(row.duplicates),
      String(row.lost),
    ];
    if (extra) cells.push(extra.value(row));
    line(cells);
  }
  console.log(
    `  Ziele: p99 ohne die Wartezeit, die das Netzwerk zwischen den Schritten eines Containers verlangt, ≤ ${(target / 1000).toFixed(1)} s; doppelt 0, verloren 0`,
  );
}

function printPlanningKillReports(reports: PlanningKillReport[]) {
  const { p99LatenessMs: p99Target, unconfirmedPerServer } = PLANNING_KILL_TARGETS;
  const row = (label: string, values: string[], target = "") =>
    console.log(`${label.padEnd(40)}${values.map((value) => value.padStart(20)).join("")}  ${target}`);
  const check = (met: boolean) => (met ? "OK" : "VERFEHLT");
  const each = (figure: (report: PlanningKillReport) => number | string) =>
    reports.map((report) => String(figure(report)));
  // With one PGlite server the kill is downtime until it is back: its posts wait that long (ADR 0076).
  const latenessTarget = (report: PlanningKillReport) => p99Target + (report.restartSeconds ?? 0) * 1000;
  row(
    "",
    each((report) => report.database),
    "Ziel",
  );
  row(
    "Server / davon getötet",
    each((report) => `${report.servers} / 1`),
  );
  row(
    "angekommen beim kill -9",
    each((report) => report.arrivedAtKill),
  );
  row(
    "neuer Server bereit nach",
    each((report) => (report.restartSeconds === null ? "–" : `${report.restartSeconds.toFixed(1)} s`)),
  );
  row(
    "fällig, während kein Server lief",
    each((report) => (report.restartSeconds === null ? "–" : report.dueWhileDown)),
  );
  row(
    "gesendet",
    each((report) => report.sent),
  );
  row(
    "doppelt angekommen",
    each((report) => `${report.duplicates} ${check(report.duplicates === 0)}`),
    "0",
  );
  row(
    "verloren",
    each((report) => `${report.lost} ${check(report.lost === 0)}`),
    "0 (weder gesendet noch unbestätigt, fehlgeschlagen, verpasst)",
  );
  row(
    "unbestätigt",
    each((report) => `${report.unconfirmed} ${check(report.unconfirmed <= unconfirmedPerServer)}`),
    `≤ ${unconfirmedPerServer}, Beiträge in Arbeit je Server (ADR 0076); vom Sweep: ${each((report) => report.interrupted).join(", ")}`,
  );
  row(
    "  davon kein Aufruf angekommen",
    each((report) => report.unconfirmedNeverArrived),
    "0, bis auf Millisekunden zwischen Beanspruchung und Anfrage (ADR 0076)",
  );
  row(
    "  davon Container ohne Veröffentlichung",
    each((report) => report.unconfirmedContainerOnly),
    "Instagram/Threads: Container gemacht, Server vor dem Veröffentlichen getötet (ADR 0074)",
  );
  row(
    "fehlgeschlagen / verpasst",
    each((report) => `${report.failed} / ${report.missed}`),
  );
  row(
    "Verspätung p50 (gesendete)",
    each((report) => milliseconds(report.p50LatenessMs)),
  );
  row(
    "Verspätung p99 (gesendete)",
    each((report) => milliseconds(report.p99LatenessMs)),
  );
  row(
    "  ohne Wartezeit der Container",
    each(
      (report) =>
        `${milliseconds(report.p99BeyondWaitsMs)} ${check(report.p99BeyondWaitsMs <= latenessTarget(report))}`,
    ),
    `≤ ${p99Target} ms, mit einem PGlite-Server zuzüglich seines Neustarts`,
  );
  row(
    "Verspätung höchstens",
    each((report) => milliseconds(report.maxLatenessMs)),
  );
  for (const report of reports) {
    console.log(`${report.database}, je Netzwerk (Verspätung der gesendeten; verloren wie oben):`);
    printNetworkFigures(report.networks, latenessTarget(report), {
      label: "unbestätigt",
      value: (row) => String(row.unconfirmed),
    });
  }
  const met = reports.every(
    (report) =>
      report.duplicates === 0 &&
      report.lost === 0 &&
      report.unconfirmed <= unconfirmedPerServer &&
      report.p99BeyondWaitsMs <= latenessTarget(report),
  );
  if (!met) process.exitCode = 1;
}

if (wanted("uploads")) {
  console.log(
    `\n== Uploads: ein Gratis-Konto schickt ${UPLOAD_ATTACK_REQUESTS} JPEGs von etwa 9 MB gleichzeitig als JSON mit ` +
      `imageData (Base64-Data-URL) an /api/generator/generate (Produktionsserver, PGlite, Demo-KI), daneben /healthz ` +
      `nacheinander; ${UPLOAD_ROUNDS} Runden${lighthouseOptions.beforeRoot ? " je Stand, im Wechsel mit --vorher" : ""} (ADR 0050, 0082)`,
  );
  await reportFailures(async () => {
    const report = await runUploadBenchmark((line) => console.log(`   ${line}`), {
      beforeRoot: lighthouseOptions.beforeRoot,
    });
    console.log(`Bild ${report.imageMb.toFixed(1)} MB, Anfragekörper ${report.bodyMb.toFixed(1)} MB`);
    for (const checkout of report.checkouts) {
      if (report.checkouts.length > 1) console.log(`-- ${checkout.label} (${checkout.root})`);
      const each = (values: number[]) => values.map((value) => value.toFixed(0)).join(", ");
      const { healthzP99Ms: p99Target, rssGrowthMb: rssTarget } = UPLOAD_TARGETS;
      console.log(
        `/healthz während des Angriffs, Median der Runden: p50 ${milliseconds(checkout.medianP50Ms)}, ` +
          `p99 ${milliseconds(checkout.medianP99Ms)} (Ziel ≤ ${p99Target} ms: ${verdict(checkout.medianP99Ms, p99Target)}; ` +
          `p99 je Runde ${each(checkout.rounds.map((round) => round.healthzP99Ms))} ms)`,
      );
      console.log(
        `CPU-Zeit des Hauptthreads (Event-Loop) während des Angriffs, Median: ${Math.round(checkout.medianMainThreadCpuMs)} ms ` +
          `(je Runde ${each(checkout.rounds.map((round) => round.mainThreadCpuMs))} ms)`,
      );
      console.log(`CPU-Zeit des Servers je Thread-Art, Median der Runden: ${formatThreadCpu(checkout.rounds)}`);
      console.log(
        `Speicher (VmRSS): Zuwachs im Median ${Math.round(checkout.medianRssGrowthMb)} MB ` +
          `(Ziel ≤ ${rssTarget} MB: ${verdict(checkout.medianRssGrowthMb, rssTarget)}; je Runde ` +
          `${each(checkout.rounds.map((round) => round.rssGrowthMb))} MB); VmHWM seit dem Start ${Math.round(checkout.rssHighWaterMb)} MB`,
      );
      console.log(
        `Antworten je Runde: ${checkout.rounds.map((round) => `${formatStatuses(round.statuses)} in ${round.attackSeconds.toFixed(1)} s`).join("; ")}`,
      );
    }
  });
}

if (wanted("app-routes")) {
  console.log(
    `\n== Angemeldeter Bereich direkt geladen (Produktions-Build, Chromium, Admin-Konto, neuer Browser-Kontext je Aufruf): ` +
      `Median aus ${APP_ROUTE_RUNS} Läufen je Seite, die Seiten abwechselnd`,
  );
  await reportFailures(async () => {
    const { firstContentfulPaintMs: fcpTarget, cardContentMs: cardTarget } = APP_ROUTE_TARGETS;
    const passFail = (value: number, target: number) => (value <= target ? "PASS" : "FAIL");
    const each = (values: number[]) => values.map((value) => value.toFixed(0)).join(", ");
    const checkouts = await runAppRoutesBenchmark((line) => console.log(`   ${line}`), {
      beforeRoot: lighthouseOptions.beforeRoot,
    });
    for (const checkout of checkouts) {
      if (checkouts.length > 1) console.log(`-- ${checkout.label} (${checkout.root})`);
      for (const page of checkout.pages) {
        console.log(
          `${page.path.padEnd(10)} FCP (Kopfzeile und Rahmen) ${milliseconds(page.medianFirstContentfulPaintMs).padStart(10)} ` +
            `(Ziel ≤ ${fcpTarget} ms: ${passFail(page.medianFirstContentfulPaintMs, fcpTarget)}; Läufe ${each(page.firstContentfulPaintMs)})`,
        );
        console.log(
          `${"".padEnd(10)} Karteninhalt sichtbar     ${milliseconds(page.medianCardContentMs).padStart(10)} ` +
            `(Ziel ≤ ${cardTarget} ms: ${passFail(page.medianCardContentMs, cardTarget)}; Läufe ${each(page.cardContentMs)}; ${page.readyLabel})`,
        );
      }
    }
  });
}

if (wanted("redaktionsplan")) {
  console.log(
    `\n== Redaktionsplan mit ${CALENDAR_POSTS} Beiträgen in einem Monat (Produktions-Build, Chromium, 1280 px): ` +
      `Median aus ${CALENDAR_RUNS} Läufen; Interaktionen als längstes Ereignis nach Event Timing (wie INP)`,
  );
  await reportFailures(async () => {
    const reports = await runCalendarBenchmark((line) => console.log(`   ${line}`), {
      beforeRoot: lighthouseOptions.beforeRoot,
    });
    const { renderMs, interactionMs } = CALENDAR_TARGETS;
    const rows: [string, keyof (typeof reports)[number]["medians"], number][] = [
      ["Monat: Karten sichtbar", "monthRenderMs", renderMs],
      ["Woche: Karten sichtbar", "weekRenderMs", renderMs],
      ["Monat → Woche (Interaktion)", "switchToWeekMs", interactionMs],
      ["Karte öffnen (Interaktion)", "openCardMs", interactionMs],
      ["Karte ziehen (Interaktion)", "dragMs", interactionMs],
    ];
    // With --vorher both checkouts took turns in this one run: compare them, not runs of different days.
    for (const report of reports) {
      if (reports.length > 1) console.log(`-- ${report.label} (${report.root})`);
      for (const [label, key, target] of rows) {
        const value = report.medians[key];
        console.log(
          `${label.padEnd(34)} ${milliseconds(value).padStart(10)} (Ziel ≤ ${target} ms: ${value <= target ? "PASS" : "FAIL"}; Läufe ${report.runs.map((run) => run[key].toFixed(0)).join(", ")})`,
        );
      }
    }
  });
}

function printLoadReport(report: LoadReport) {
  const onPglite = report.database === "PGlite";
  const megabytes = (value: number) => `${Math.round(value)} MB`;
  console.log(`Server bereit (/readyz) nach ${report.readySeconds.toFixed(1)} s.`);
  console.log(
    `Speicher (VmRSS) nach dem Start, ${LOAD_SETTLE_SECONDS} s nach /readyz: ${megabytes(report.rssAfterStartMb)} ` +
      (onPglite
        ? `(Ziel ≤ ${LOAD_TARGETS.startRssMb} MB: ${report.rssAfterStartMb <= LOAD_TARGETS.startRssMb ? "OK" : "VERFEHLT"})`
        : "(zum Vergleich, das Ziel gilt für PGlite)"),
  );
  for (const endpoint of report.endpoints) console.log(`  ${describeEndpoint(endpoint, onPglite)}`);
  const growth = report.rssAfterLoadMb - report.rssAfterStartMb;
  console.log(
    `Speicher nach der Last und ${LOAD_SETTLE_SECONDS} s Ruhe (wie nach dem Start): ${megabytes(report.rssAfterLoadMb)}, ` +
      `Zuwachs ${megabytes(growth)} (Ziel ≤ ${LOAD_TARGETS.rssGrowthMb} MB: ${growth <= LOAD_TARGETS.rssGrowthMb ? "OK" : "VERFEHLT"}); ` +
      `direkt nach der Last ${megabytes(report.rssRightAfterLoadMb)}, Höchststand (VmHWM) ${megabytes(report.peakRssMb)}`,
  );
}

function describeEndpoint(endpoint: EndpointFigures, onPglite: boolean): string {
  const figures =
    `${endpoint.label.padEnd(44)} ${Math.round(endpoint.requestsPerSecond).toString().padStart(5)} Anfr./s  ` +
    `p50 ${endpoint.p50Ms.toFixed(0).padStart(4)} ms  p99 ${endpoint.p99Ms.toFixed(0).padStart(4)} ms  ` +
    `Fehler ${endpoint.errors + endpoint.timeouts}, nicht 2xx ${endpoint.non2xx} von ${endpoint.requests}, ` +
    `danach ${Math.round(endpoint.rssAfterMb)} MB`;
  const clean = endpoint.errors + endpoint.timeouts + endpoint.non2xx === 0;
  const meets = (requestsPerSecond: number, p99Ms: number) =>
    endpoint.requestsPerSecond >= requestsPerSecond && endpoint.p99Ms <= p99Ms && clean ? "OK" : "VERFEHLT";
  if (endpoint.kind === "page") {
    const { pageRequestsPerSecond: rps, pageP99Ms: p99 } = LOAD_TARGETS;
    return `${figures}  (Ziel ≥ ${rps} Anfr./s, p99 ≤ ${p99} ms, ohne Fehler: ${meets(rps, p99)})`;
  }
  if (endpoint.kind === "profile") {
    const { profileRequestsPerSecond: rps, profileP99Ms: p99 } = LOAD_TARGETS;
    return onPglite
      ? `${figures}  (zum Vergleich, das Ziel ≥ ${rps} Anfr./s, p99 ≤ ${p99} ms gilt für PostgreSQL)`
      : `${figures}  (Ziel ≥ ${rps} Anfr./s, p99 ≤ ${p99} ms, ohne Fehler: ${meets(rps, p99)})`;
  }
  return `${figures}  (ohne eigenes Ziel)`;
}

function printArchiveReport(report: ArchiveSearchReport) {
  const { large, ordinary } = report;
  console.log(`Tabelle befüllt und analysiert in ${report.fillSeconds.toFixed(1)} s.`);
  console.log(
    `Konto mit ${large.rows} Einträgen, ${large.searches.length} Suchen abwechselnd: Median ${milliseconds(large.medianMs)}, ` +
      `p95 ${milliseconds(large.p95Ms)} (Ziel p95 unter ${ARCHIVE_SEARCH_TARGET_P95_MS} ms: ` +
      `${verdictBelow(large.p95Ms, ARCHIVE_SEARCH_TARGET_P95_MS)})`,
  );
  for (const search of large.searches) {
    console.log(
      `  ${search.label.padEnd(48)} ${search.matches.padStart(7)} Treffer  ` +
        `Median ${milliseconds(search.medianMs).padStart(9)}  p95 ${milliseconds(search.p95Ms).padStart(9)}`,
    );
  }
  console.log(
    `Zum Vergleich, Konto mit ${ordinary.rows} Einträgen: Median ${milliseconds(ordinary.medianMs)}, ` +
      `p95 ${milliseconds(ordinary.p95Ms)}`,
  );
}

if (wanted("api")) {
  const runs = [
    { label: "PGlite", run: () => runPublicApiBenchmark() },
    ...(postgresServerUrl
      ? [
          { label: "PostgreSQL, ein Server", run: () => runPublicApiBenchmark(postgresServerUrl) },
          { label: "PostgreSQL, zwei Server", run: () => runPublicApiTwoServerBenchmark(postgresServerUrl) },
        ]
      : []),
  ];
  for (const { label, run } of runs) {
    console.log(`\n== POST /api/v1/posts, ${API_BENCH_SECONDS} s unter Last (${label}, ADR 0107, 0118)`);
    await reportFailures(async () => {
      const report = await run();
      console.log(
        `${report.requestsPerSecond.toFixed(0)} Anfragen/s (Ziel ≥ ${API_BENCH_TARGETS.requestsPerSecond}: ${report.requestsPerSecond >= API_BENCH_TARGETS.requestsPerSecond ? "OK" : "VERFEHLT"}), p99 ${milliseconds(report.p99Ms)} (Ziel ≤ ${API_BENCH_TARGETS.p99Ms} ms: ${verdict(report.p99Ms, API_BENCH_TARGETS.p99Ms)}), Fehler ${report.errors}, nicht 2xx ${report.non2xx}, angelegte Beiträge ${report.created}`,
      );
    });
  }
}

if (wanted("erfolg")) {
  for (const url of [undefined, ...(postgresServerUrl ? [postgresServerUrl] : [])]) {
    const database = url ? "PostgreSQL" : "PGlite";
    console.log(
      `\n== Kennzahlen: ein Tag Zeitplan, ${METRICS_POSTS} Beiträge auf ${METRICS_ACCOUNTS} Konten, ein Server (${database}, ADR 0104, 0117)`,
    );
    await reportFailures(async () => {
      const day = await runMetricsDayBenchmark((line) => console.log(`   ${line}`), url);
      console.log(
        `${day.snapshots} Momentaufnahmen; Verspätung p99 ${milliseconds(day.latenessP99Ms)}, max ${milliseconds(day.latenessMaxMs)} (Ziel p99 ≤ ${METRICS_TARGETS.latenessP99Ms} ms: ${verdict(day.latenessP99Ms, METRICS_TARGETS.latenessP99Ms)})`,
      );
      console.log(
        `Arbeit je Minute p99 ${milliseconds(day.tickP99Ms)}, längste ${milliseconds(day.tickMaxMs)} (Ziel ≤ ${METRICS_TARGETS.tickMs} ms: ${verdict(day.tickMaxMs, METRICS_TARGETS.tickMs)})`,
      );
      for (const network of ["x", "bluesky"] as const) {
        const { calls, ids, minimum } = day.calls[network];
        console.log(
          `${network === "x" ? "X" : "Bluesky"}: ${calls} Aufrufe für ${ids} Abfragen, ${(ids / Math.max(calls, 1)).toFixed(1)} je Aufruf (Ziel ≤ ${minimum} = ⌈Beiträge/${network === "x" ? 100 : 25}⌉ je Lauf: ${verdict(calls, minimum)})`,
        );
      }
      console.log(
        `RSS-Zuwachs über den Tag ${day.rssGrowthMb.toFixed(1)} MB (Ziel ≤ ${METRICS_TARGETS.rssGrowthMb} MB: ${verdict(day.rssGrowthMb, METRICS_TARGETS.rssGrowthMb)})`,
      );
    });
    console.log(
      `\n== /erfolg: GET /api/metrics/report mit ${ERFOLG_POSTS} gesendeten Beiträgen (${database}, ADR 0106)`,
    );
    await reportFailures(async () => {
      const report = await runErfolgBenchmark(url);
      console.log(
        `${ERFOLG_RUNS} Anfragen: Median ${milliseconds(report.p50Ms)}, p95 ${milliseconds(report.p95Ms)} (Ziel p95 ≤ ${METRICS_TARGETS.erfolgP95Ms} ms: ${verdict(report.p95Ms, METRICS_TARGETS.erfolgP95Ms)})`,
      );
    });
  }
}

if (wanted("lighthouse")) {
  const { pages, runs, beforeRoot, cpuSlowdown } = lighthouseOptions;
  console.log(
    `\n== Lighthouse 13, mobil (simulierte Drosselung, CPU × ${cpuSlowdown}), ${pages.length} Seiten, Median aus ${runs} Läufen je Seite, ` +
      `die Läufe über Seiten${beforeRoot ? " und Stände" : ""} verschränkt (Produktions-Build, echter Server)`,
  );
  await reportFailures(async () =>
    printLighthouseReport(await runLighthouseBenchmark(lighthouseOptions, (line) => console.log(`   ${line}`))),
  );
}

function printLighthouseReport(checkouts: CheckoutReport[]) {
  const now = checkouts.find((checkout) => checkout.label === "jetzt");
  const before = checkouts.find((checkout) => checkout.label === "vorher");
  if (!now) return;
  if (before) console.log(`"vorher" ist ${before.root}; Differenz und Verhältnis: jetzt gegen vorher.`);
  for (const page of now.pages) {
    const beforePage = before?.pages.find((entry) => entry.path === page.path);
    const beforeRuns = beforePage ? `, vorher ${beforePage.runs.length}` : "";
    console.log(`\n${page.path} (${page.runs.length} gültige Läufe${beforeRuns})`);
    if (page.runs.length === 0) continue;
    for (const { metric, label, atLeast, atMost, page: onlyOn } of LIGHTHOUSE_TARGETS) {
      const value = page.median[metric];
      const each = page.runs.map((run) => formatFigure(metric, run[metric])).join(", ");
      const hasTarget = (atLeast !== undefined || atMost !== undefined) && (onlyOn ?? page.path) === page.path;
      const met = atLeast !== undefined ? value >= atLeast : value <= (atMost ?? Number.POSITIVE_INFINITY);
      const target = hasTarget
        ? `Ziel ${atLeast !== undefined ? `≥ ${atLeast}` : `≤ ${atMost}`}: ${met ? "OK" : "VERFEHLT"}`
        : "ohne Ziel";
      const comparison = beforePage?.runs.length ? `  ${compare(metric, value, beforePage.median[metric])}` : "";
      console.log(
        `  ${label.padEnd(17)} ${formatFigure(metric, value).padStart(7)}  (${target}; Läufe: ${each})${comparison}`,
      );
    }
  }
  for (const checkout of checkouts) printFailedAgenticAudits(checkout, checkouts.length > 1);
  printMachineComparedToTargets(now);
}

// The targets hold for a machine as fast as the reference; a faster one flatters every page.
function printMachineComparedToTargets(checkout: CheckoutReport) {
  const indexes = checkout.pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex));
  if (indexes.length === 0) return;
  const machineIndex = median(indexes);
  const slowdown = (LIGHTHOUSE_DEFAULT_CPU_SLOWDOWN * machineIndex) / REFERENCE_BENCHMARK_INDEX;
  console.log(
    `\nbenchmarkIndex dieser Maschine (Median): ${machineIndex}, Ziele gelten für ~${REFERENCE_BENCHMARK_INDEX}. ` +
      `Gleich langsames Telefon simuliert: --cpu-bremse=${slowdown.toFixed(1)} (jetzt ${lighthouseOptions.cpuSlowdown}).`,
  );
}

function compare(metric: Figure, now: number, before: number): string {
  const difference = now - before;
  const sign = difference > 0 ? "+" : "";
  const ratio = before === 0 ? "" : `, × ${(now / before).toFixed(2)}`;
  return `vorher ${formatFigure(metric, before)}, Differenz ${sign}${formatFigure(metric, difference)}${ratio}`;
}

// Once per checkout: which audits of the category failed, on which pages (in any run).
function printFailedAgenticAudits(checkout: CheckoutReport, named: boolean) {
  const failed = new Map<string, { title: string; pages: string[] }>();
  for (const page of checkout.pages) {
    for (const audit of new Map(page.runs.flatMap((run) => run.failedAgenticAudits).map((a) => [a.id, a])).values()) {
      const entry = failed.get(audit.id) ?? { title: audit.title, pages: [] };
      entry.pages.push(page.path);
      failed.set(audit.id, entry);
    }
  }
  const heading = `\nAgentic Browsing, nicht bestandene Audits${named ? ` (${checkout.label})` : ""}:`;
  if (failed.size === 0) return console.log(`${heading} keine`);
  console.log(heading);
  for (const [id, { title, pages }] of failed) {
    const where =
      pages.length > 1 && pages.length === checkout.pages.length
        ? `auf allen ${pages.length} Seiten`
        : `auf ${pages.join(", ")}`;
    console.log(`  ${id}: ${title} (${where})`);
  }
}

// Seconds have two decimals, kibibytes one, and a layout shift keeps its first two significant
// digits, so a tiny shift does not read as 0. Scores and milliseconds are whole numbers, except a
// median of an even number of runs, which can end in .5.
function formatFigure(metric: Figure, value: number): string {
  if (metric === "lcpSeconds" || metric === "observedFirstPaintSeconds") return value.toFixed(2);
  if (metric === "javaScriptKiB") return value.toFixed(1);
  if (metric === "cumulativeLayoutShift") return String(Number(value.toPrecision(2)));
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
