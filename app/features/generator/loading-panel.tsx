import { useEffect, useState } from "react";
import {
  DEMO_LOADING_MESSAGE,
  LOADING_MESSAGE_INTERVAL_MS,
  LOADING_MESSAGES,
  PROGRESS_STEP,
  PROGRESS_TICK_MS,
  PROGRESS_WRAP_AT,
} from "./generator-constants.ts";

// Spec section 4 "Loading panel": a new message every LOADING_MESSAGE_INTERVAL_MS, a bar that
// rises by PROGRESS_STEP every PROGRESS_TICK_MS and starts again at 0 after PROGRESS_WRAP_AT. It only entertains; the real progress is the cards filling.
// In the demo mode no AI works, so one plain line stands in for the messages (ADR 0062).
export function LoadingPanel({ demo }: { demo: boolean }) {
  const [messageIndex, setMessageIndex] = useState(0);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const timer = setInterval(
      () => setMessageIndex((index) => (index + 1) % LOADING_MESSAGES.length),
      LOADING_MESSAGE_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const timer = setInterval(
      () => setProgress((value) => (value >= PROGRESS_WRAP_AT ? 0 : value + PROGRESS_STEP)),
      PROGRESS_TICK_MS,
    );
    return () => clearInterval(timer);
  }, []);

  return (
    <div
      className="rounded-xl border border-indigo-200 bg-gradient-to-br from-indigo-50 to-white p-5 shadow-sm"
      data-testid="loading-panel"
    >
      <p className="min-h-6 text-sm font-medium text-indigo-900" aria-live="polite">
        {demo ? DEMO_LOADING_MESSAGE : LOADING_MESSAGES[messageIndex]}
      </p>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-indigo-100"
        role="progressbar"
        aria-label="Fortschritt der Generierung"
        aria-valuemin={0}
        aria-valuemax={PROGRESS_WRAP_AT}
        aria-valuenow={progress}
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-150"
          style={{ width: `${progress}%` }}
        />
      </div>
    </div>
  );
}
