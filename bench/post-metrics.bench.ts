import path from "node:path";
import { analyzePost } from "#shared/post-metrics.ts";
import { median } from "./lighthouse.ts";

// The optimizer analyses the post on every keystroke (`analyzePost`: metrics, score and
// highlights), so a 280-character post must take at most 0.1 ms (median). A report, not a test: it always
// exits 0. Run through `npm run bench` (bench/run.ts).
export const POST_METRICS_TARGET_MS = 0.1;

// 280 characters of realistic German with a link, a hashtag, a mention and an emoji.
export const BENCHMARK_POST =
  "Neu im Blog 🚀 Wie kleine Teams 2026 mit weniger Aufwand mehr Reichweite auf X erzielen: kurze Sätze, ein klarer Gedanke, z.B. eine Frage am Ende. Dr. Meier von @postwerk zeigt am 13. Mai fünf Schritte, die sofort wirken. Jetzt lesen: https://postwerk.de/blog/reichweite #Marketing";

// The same length with current emoji (ZWJ sequences, skin tones, a flag, a keycap; ADR 0063).
export const BENCHMARK_EMOJI_POST =
  "Neu im Team 🧑‍💻🫶🏽 Wir feiern 🎉 den Start in 🇺🇦 und 🇩🇪: 1️⃣ neue Funktion, die dir beim Schreiben hilft 🫠 Kurze Sätze, ein klarer Gedanke, z.B. eine Frage am Ende. 👩🏽‍❤️‍💋‍👨🏿 Dr. Meier von @postwerk zeigt fünf Schritte. Jetzt lesen: https://postwerk.de/blog/team #Marketing 🙂‍↔️";

/** `analyzePost` of this checkout, or of another one when comparing (`--vorher`). */
export type PostAnalyzer = (text: string) => unknown;

const WARM_UP_RUNS = 5_000;
const MEASURED_RUNS = 20_000;

export function runPostMetricsBenchmark(
  text: string = BENCHMARK_POST,
  analyze: PostAnalyzer = analyzePost,
): { medianMs: number; p95Ms: number } {
  for (let run = 0; run < WARM_UP_RUNS; run++) analyze(text);
  const durations = new Float64Array(MEASURED_RUNS);
  for (let run = 0; run < MEASURED_RUNS; run++) {
    const started = performance.now();
    analyze(text);
    durations[run] = performance.now() - started;
  }
  durations.sort();
  return {
    medianMs: durations[Math.floor(MEASURED_RUNS / 2)] ?? Number.NaN,
    p95Ms: durations[Math.floor(MEASURED_RUNS * 0.95)] ?? Number.NaN,
  };
}

const COMPARISON_ROUNDS = 4;

/** `analyzePost` of another checkout (`--vorher`), loaded with that checkout's own packages. */
export async function loadAnalyzePost(root: string): Promise<PostAnalyzer> {
  const module: { analyzePost: PostAnalyzer } = await import(path.join(root, "shared/post-metrics.ts"));
  return module.analyzePost;
}

// Both checkouts in turns, so a change is judged on the same machine at the same time (as the
// Lighthouse section does); each figure is the median of the rounds' medians.
export function comparePostMetrics(text: string, before: PostAnalyzer): { beforeMs: number; nowMs: number } {
  const beforeMedians: number[] = [];
  const nowMedians: number[] = [];
  for (let round = 0; round < COMPARISON_ROUNDS; round++) {
    beforeMedians.push(runPostMetricsBenchmark(text, before).medianMs);
    nowMedians.push(runPostMetricsBenchmark(text).medianMs);
  }
  return { beforeMs: median(beforeMedians), nowMs: median(nowMedians) };
}
