// `npm run bench`: every benchmark of the product, each printed with its target.
// Reports, not tests: the exit code is 0 whatever the figures.
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
