import { diffWordsWithSpace } from "diff";
import { Check, Sparkles, X } from "lucide-react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { DemoNotice } from "#app/features/generator/demo-notice.tsx";
import { AI_GENERATED_LABEL } from "#shared/generator.ts";
import { POST_SCORE_MAX } from "#shared/optimizer.ts";
import { evaluatePost } from "#shared/post-metrics.ts";

export type AiSuggestion = { kind: "grammar" | "improve"; text: string; demo: boolean };

const TITLES = { grammar: "Korrekturvorschlag", improve: "Optimierter Vorschlag" } as const;

function DiffPart({ value, added, removed }: { value: string; added: boolean; removed: boolean }) {
  if (added) return <ins className="rounded bg-emerald-100 text-emerald-900 no-underline">{value}</ins>;
  if (removed) return <del className="rounded bg-red-100 text-red-800">{value}</del>;
  return <span>{value}</span>;
}

// AI results are shown as a diff against the writer's own text before they replace it
// (beyond the spec), so nobody loses their voice by accident.
export function AiSuggestionPanel({
  original,
  suggestion,
  onAccept,
  onDiscard,
}: {
  original: string;
  suggestion: AiSuggestion;
  onAccept: () => void;
  onDiscard: () => void;
}) {
  const changes = diffWordsWithSpace(original, suggestion.text);
  const unchanged = changes.every((change) => !change.added && !change.removed);
  const score = evaluatePost(suggestion.text).score;

  return (
    <section
      aria-labelledby="suggestion-heading"
      className="rounded-xl border border-indigo-200 bg-indigo-50/60 p-4"
      data-testid="ai-suggestion"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="suggestion-heading" className="flex items-center gap-2 font-semibold text-indigo-950">
            <Sparkles className="size-4" aria-hidden />
            {TITLES[suggestion.kind]}
            {suggestion.demo ? <Badge tone="amber">Demo-Modus</Badge> : null}
          </h3>
          {/* ADR 0025: beside the suggestion, never in it; "Übernehmen" takes the text alone. The
              offline demo editor is no AI, so it keeps its "Demo-Modus" badge instead. */}
          {suggestion.demo ? null : (
            <Badge tone="indigoOnTint" data-testid="ai-label">
              {AI_GENERATED_LABEL}
            </Badge>
          )}
        </div>
        <span className="text-sm text-indigo-900">
          Bewertung danach: {score}/{POST_SCORE_MAX}
        </span>
      </div>
      {suggestion.demo ? (
        <div className="mt-3">
          <DemoNotice />
        </div>
      ) : null}
      {unchanged ? (
        <p className="mt-3 text-sm text-slate-700">Keine Änderungen nötig – dein Text passt so.</p>
      ) : (
        <p className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-white p-3 leading-7">
          {changes.map((change, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: diff parts have no identity beyond their position
            <DiffPart key={index} value={change.value} added={change.added} removed={change.removed} />
          ))}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={onAccept}>
          <Check aria-hidden />
          Übernehmen
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          <X aria-hidden />
          Verwerfen
        </Button>
      </div>
    </section>
  );
}
