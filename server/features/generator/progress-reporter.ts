import type { GenerationEvent } from "#shared/generator.schemas.ts";
import { joinThread } from "#shared/generator.ts";

/** Progress events at most this often: enough for a smooth page, few enough bytes. */
const PROGRESS_INTERVAL_MS = 60;

/** The suggestions so far: single posts, or (ADR 0065) threads as lists of their posts. */
export type ProgressSnapshot = { posts: string[] } | { threads: string[][] };

export type ProgressReporter = { report: (snapshot: ProgressSnapshot) => void };

// Sends the posts so far, at most every PROGRESS_INTERVAL_MS, but always when a new post
// begins (in a thread too), so the page sees each finished post as soon as the next one starts.
export function createProgressReporter(emit: (event: GenerationEvent) => void): ProgressReporter {
  let lastSent = 0;
  let lastCount = 0;
  let lastKey = "";
  return {
    report(snapshot) {
      const event: Extract<GenerationEvent, { type: "progress" }> =
        "threads" in snapshot
          ? { type: "progress", posts: snapshot.threads.map(joinThread), threads: snapshot.threads }
          : { type: "progress", posts: snapshot.posts };
      const count = "threads" in snapshot ? snapshot.threads.flat().length : snapshot.posts.length;
      const key = JSON.stringify(snapshot);
      if (key === lastKey || count === 0) return;
      const now = performance.now();
      if (count === lastCount && now - lastSent < PROGRESS_INTERVAL_MS) return;
      lastSent = now;
      lastCount = count;
      lastKey = key;
      emit(event);
    },
  };
}
