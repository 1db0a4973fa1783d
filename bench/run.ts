// `npm run bench`: every benchmark of the product, each printed with its target.
// Reports, not tests: the exit code is 0 whatever the figures.
import {
  HOME_JAVASCRIPT_TARGET_KIB,
  LIGHTHOUSE_RUNS,
  LIGHTHOUSE_TARGETS,
  runLighthouseBenchmark,
} from "./lighthouse.ts";
import { BENCHMARK_POST, POST_METRICS_TARGET_MS, runPostMetricsBenchmark } from "./post-metrics.bench.ts";

function verdict(value: number, target: number): string {
  return value <= target ? "OK" : "ZU LANGSAM";
}

console.log("== X-Post-Metriken (shared/post-metrics.ts)");
const metrics = runPostMetricsBenchmark();
console.log(
  `evaluatePost, ${[...BENCHMARK_POST].length} Zeichen: Median ${metrics.medianMs.toFixed(4)} ms, p95 ${metrics.p95Ms.toFixed(4)} ms ` +
    `(Ziel Median ≤ ${POST_METRICS_TARGET_MS} ms: ${verdict(metrics.medianMs, POST_METRICS_TARGET_MS)})`,
);

console.log(`\n== Lighthouse, mobil, Median aus ${LIGHTHOUSE_RUNS} Läufen (Produktions-Build, echter Server)`);
const report = await runLighthouseBenchmark((line) => console.log(`   ${line}`));

for (const { path, median, runs } of report) {
  console.log(`\n${path} (${runs.length} gültige Läufe)`);
  for (const { metric, label, atLeast, atMost } of LIGHTHOUSE_TARGETS) {
    const value = median[metric];
    const met = atLeast !== undefined ? value >= atLeast : value <= (atMost ?? Number.POSITIVE_INFINITY);
    const target = atLeast !== undefined ? `≥ ${atLeast}` : `≤ ${atMost}`;
    const each = runs.map((run) => formatFigure(run[metric])).join(", ");
    console.log(
      `  ${label.padEnd(17)} ${formatFigure(value).padStart(6)}  (Ziel ${target}: ${met ? "OK" : "VERFEHLT"}; Läufe: ${each})`,
    );
  }
}

const home = report.find((entry) => entry.path === "/");
if (home) {
  const kib = home.median.javaScriptKiB;
  console.log(
    `\nJavaScript auf "/" (gzip, übertragen inkl. Header): ${kib.toFixed(1)} KiB ` +
      `(Ziel ≤ ${HOME_JAVASCRIPT_TARGET_KIB} KiB: ${kib <= HOME_JAVASCRIPT_TARGET_KIB ? "OK" : "VERFEHLT"})`,
  );
}

// Scores are whole numbers; LCP has two decimals.
function formatFigure(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}
