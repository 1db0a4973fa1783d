import CircleCheck from "lucide-react/icons/circle-check";
import CircleX from "lucide-react/icons/circle-x";
import Info from "lucide-react/icons/info";
import { HoverCard } from "radix-ui";
import { useId } from "react";
import { cn } from "#app/lib/cn.ts";
import { POST_SCORE_MAX } from "#shared/optimizer.ts";
import type { PostCriterionResult } from "#shared/post-metrics.ts";
import { HOVER_TIP_CLOSE_DELAY_MS, HOVER_TIP_OPEN_DELAY_MS } from "#shared/timing.ts";
import { CRITERION_TEXTS, EMPTY_POST_TEXT } from "./criteria-texts.ts";

// Spec section 2: 100 green, 75 or more cyan, 50 or more yellow, otherwise red.
function barColor(percent: number): string {
  if (percent >= 100) return "bg-emerald-500";
  if (percent >= 75) return "bg-cyan-500";
  if (percent >= 50) return "bg-yellow-400";
  return "bg-red-500";
}

function CriterionRow({ criterion }: { criterion: PostCriterionResult }) {
  const texts = CRITERION_TEXTS[criterion.id];
  // A thread shows one panel per post, so every id is the panel's own.
  const tipId = `${useId()}-tip`;
  return (
    <li className="grid gap-1.5" data-criterion={criterion.id} data-passed={criterion.passed}>
      <div className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-1.5 text-sm font-medium">
          {criterion.passed ? (
            <CircleCheck className="size-4 text-emerald-600" aria-label="erfüllt" />
          ) : (
            <CircleX className="size-4 text-red-600" aria-label="nicht erfüllt" />
          )}
          {texts.label}
          <HoverCard.Root openDelay={HOVER_TIP_OPEN_DELAY_MS} closeDelay={HOVER_TIP_CLOSE_DELAY_MS}>
            <HoverCard.Trigger asChild>
              <button
                type="button"
                className="rounded-full text-slate-500 hover:text-slate-800"
                aria-describedby={tipId}
              >
                <Info className="size-4" aria-hidden />
                <span className="sr-only">Tipp zu {texts.label}</span>
              </button>
            </HoverCard.Trigger>
            <HoverCard.Portal>
              <HoverCard.Content
                side="top"
                sideOffset={6}
                className="z-50 max-w-64 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800 shadow-lg"
              >
                {texts.tip}
              </HoverCard.Content>
            </HoverCard.Portal>
          </HoverCard.Root>
          <span id={tipId} className="sr-only">
            {texts.tip}
          </span>
        </span>
        <span className="text-xs tabular-nums text-slate-600">{criterion.percent} %</span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-slate-100">
        <div
          className={cn("h-full rounded-full transition-all", barColor(criterion.percent))}
          style={{ width: `${criterion.percent}%` }}
        />
      </div>
      <p className={cn("text-xs", criterion.passed ? "text-emerald-700" : "text-slate-600")}>
        {criterion.passed ? texts.success : criterion.value === 0 ? EMPTY_POST_TEXT : texts.describe(criterion.value)}
      </p>
    </li>
  );
}

/** The six criteria of one post with bars and tips; a thread shows one list per post. */
export function CriteriaList({ criteria, className }: { criteria: PostCriterionResult[]; className?: string }) {
  return (
    <ul className={cn("grid gap-4", className)}>
      {criteria.map((criterion) => (
        <CriterionRow key={criterion.id} criterion={criterion} />
      ))}
    </ul>
  );
}

export function ScorePanel({ criteria, score }: { criteria: PostCriterionResult[]; score: number }) {
  return (
    <section aria-labelledby="score-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-baseline justify-between">
        <h2 id="score-heading" className="text-lg font-semibold">
          Bewertung
        </h2>
        <ScoreOutput score={score} className="text-2xl" />
      </div>
      <CriteriaList criteria={criteria} className="mt-4" />
    </section>
  );
}

export function ScoreOutput({ score, className }: { score: number; className?: string }) {
  return (
    <output className={cn("font-bold tabular-nums", className)} aria-label={`Punktzahl ${score} von ${POST_SCORE_MAX}`}>
      {score}/{POST_SCORE_MAX}
    </output>
  );
}
