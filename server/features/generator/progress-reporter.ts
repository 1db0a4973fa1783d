import type { GenerationEvent } from "#shared/generator.schemas.ts";

/** Progress events at most this often: enough for a smooth page, few enough bytes. */
const PROGRESS_INTERVAL_MS = 60;

export type ProgressReporter = { report: (posts: string[]) => void };

// Sends the posts so far, at most every PROGRESS_INTERVAL_MS, but always when a new post
// begins, so the page sees each finished post as soon as the next one starts.
export function createProgressReporter(emit: (event: GenerationEvent) => void): ProgressReporter {
  let lastSent = 0;
  let lastCount = 0;
  let lastKey = "";
  return {
    report(posts) {
      const key = JSON.stringify(posts);
      if (key === lastKey || posts.length === 0) return;
      const now = performance.now();
      if (posts.length === lastCount && now - lastSent < PROGRESS_INTERVAL_MS) return;
      lastSent = now;
      lastCount = posts.length;
      lastKey = key;
      emit({ type: "progress", posts });
    },
  };
}
