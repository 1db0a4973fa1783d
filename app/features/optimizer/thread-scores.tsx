import ChevronDown from "lucide-react/icons/chevron-down";
import { Badge } from "#app/components/ui/badge.tsx";
import { cn } from "#app/lib/cn.ts";
import { POST_SCORE_MAX } from "#shared/optimizer.ts";
import { THREAD_SEPARATOR, type ThreadPostAnalysis, X_POST_WEIGHTED_MAX } from "#shared/x-thread.ts";
import { LengthCounter } from "./length-counter.tsx";
import { CriteriaList, ScoreOutput } from "./score-panel.tsx";

// The thread's score (ADR 0064): the summary line, then per post its counter and score; the six
// criteria of a post open below it, so five posts still fit beside the editor.
export function ThreadScores({ posts, summary }: { posts: ThreadPostAnalysis[]; summary: string }) {
  return (
    <section
      aria-labelledby="thread-score-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="thread-score-heading" className="text-lg font-semibold">
        Bewertung
      </h2>
      {posts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          Noch keine Posts. Trenne sie durch eine Leerzeile oder eine Zeile mit {THREAD_SEPARATOR}.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm font-medium text-slate-800" data-testid="thread-summary">
            {summary}
          </p>
          <ol className="mt-4 grid gap-2">
            {posts.map((post, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a post's place in the thread is its identity
                key={index}
                data-thread-post={index + 1}
                data-passed={post.score === POST_SCORE_MAX}
                className="rounded-lg border border-slate-200 p-3"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-semibold">Post {index + 1}</span>
                  <LengthCounter adjustedLength={post.metrics.adjustedLength} />
                  {post.metrics.adjustedLength > X_POST_WEIGHTED_MAX ? <Badge tone="red">Zu lang für X</Badge> : null}
                  <ScoreOutput
                    score={post.score}
                    className={cn(
                      "ml-auto text-base",
                      post.score === POST_SCORE_MAX ? "text-emerald-700" : "text-slate-900",
                    )}
                  />
                </div>
                {/* The counter and score stay outside the summary: a click on an <output> does not toggle it. */}
                <details className="group mt-1">
                  <summary className="flex w-fit cursor-pointer list-none items-center gap-1 rounded text-sm text-indigo-700 hover:text-indigo-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 [&::-webkit-details-marker]:hidden">
                    Kriterien
                    <ChevronDown className="size-4 group-open:rotate-180" aria-hidden />
                  </summary>
                  <CriteriaList criteria={post.criteria} className="mt-3" />
                </details>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
