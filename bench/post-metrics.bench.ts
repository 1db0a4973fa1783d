import { evaluatePost } from "../shared/post-metrics.ts";

// The optimizer scores the post on every keystroke, so all metrics plus the score of a
// 280-character post must take at most 0.1 ms (median). A report, not a test: it always
// exits 0. Run through `npm run bench` (bench/run.ts).
export const POST_METRICS_TARGET_MS = 0.1;

// 280 characters of realistic German with a link, a hashtag, a mention and an emoji.
export const BENCHMARK_POST =
  "Neu im Blog 🚀 Wie kleine Teams 2026 mit weniger Aufwand mehr Reichweite auf X erzielen: kurze Sätze, ein klarer Gedanke, z.B. eine Frage am Ende. Dr. Meier von @postwerk zeigt am 13. Mai fünf Schritte, die sofort wirken. Jetzt lesen: https://postwerk.de/blog/reichweite #Marketing";

const WARM_UP_RUNS = 5_000;
const MEASURED_RUNS = 20_000;

export function runPostMetricsBenchmark(text: string = BENCHMARK_POST): { medianMs: number; p95Ms: number } {
  for (let run = 0; run < WARM_UP_RUNS; run++) evaluatePost(text);
  const durations = new Float64Array(MEASURED_RUNS);
  for (let run = 0; run < MEASURED_RUNS; run++) {
    const started = performance.now();
    evaluatePost(text);
    durations[run] = performance.now() - started;
  }
  durations.sort();
  return {
    medianMs: durations[Math.floor(MEASURED_RUNS / 2)] ?? Number.NaN,
    p95Ms: durations[Math.floor(MEASURED_RUNS * 0.95)] ?? Number.NaN,
  };
}
