import Check from "lucide-react/icons/check";
import Sparkles from "lucide-react/icons/sparkles";
import X from "lucide-react/icons/x";
import { useState } from "react";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { DemoNotice } from "#app/features/generator/demo-notice.tsx";
import { AI_GENERATED_LABEL } from "#shared/generator.ts";
import { POST_SCORE_MAX } from "#shared/optimizer.ts";
import { evaluateThread } from "#shared/x-thread.ts";
import { comparePosts } from "./post-diff.ts";

/** The AI's answer: one post, or a thread's posts in the same split (ADR 0064). */
export type AiSuggestion = { kind: "grammar" | "improve"; posts: string[]; demo: boolean };

const TITLES = { grammar: "Korrekturvorschlag", improve: "Optimierter Vorschlag" } as const;

/** Whether the AI changed nothing ("Keine Änderungen nötig"): then there is nothing to take over. */
export function isUnchanged(original: readonly string[], suggested: readonly string[]): boolean {
  return original.length === suggested.length && original.every((post, index) => post === suggested[index]);
}

function DiffPart({
  value,
  added,
  removed,
  block,
}: {
  value: string;
  added: boolean;
  removed: boolean;
  block: boolean;
}) {
  // A rewrite's sentences stand on lines of their own, old above new (ADR 0101).
  const layout = block ? "block px-1" : "";
  if (added) return <ins className={`${layout} rounded bg-emerald-100 text-emerald-900 no-underline`}>{value}</ins>;
  if (removed) return <del className={`${layout} rounded bg-red-100 text-red-800`}>{value}</del>;
  return <span className={block ? "block px-1" : undefined}>{value}</span>;
}

function PostDiff({ original, suggested }: { original: string; suggested: string }) {
  const { granularity, parts } = comparePosts(original, suggested);
  const block = granularity === "sentence";
  return (
    <p
      className={`whitespace-pre-wrap break-words rounded-lg bg-white p-3 leading-7 ${block ? "grid gap-1" : ""}`}
      data-granularity={granularity}
    >
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: diff parts have no identity beyond their position
        <DiffPart key={index} {...part} block={block} />
      ))}
    </p>
  );
}

type View = "compare" | "result";
const VIEW_LABELS: Record<View, string> = { compare: "Vergleich", result: "Nur Ergebnis" };

function ViewToggle({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  return (
    <fieldset className="mt-3 inline-flex rounded-lg border border-indigo-200 bg-white p-0.5 text-sm">
      <legend className="sr-only">Ansicht des Vorschlags</legend>
      {(Object.keys(VIEW_LABELS) as View[]).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
          className={`rounded-md px-3 py-1 ${view === option ? "bg-indigo-600 text-white" : "text-indigo-900 hover:bg-indigo-50"}`}
        >
          {VIEW_LABELS[option]}
        </button>
      ))}
    </fieldset>
  );
}

// AI results are shown as a diff against the writer's own text before they replace it
// (ADR 0067), so nobody loses their voice by accident; a thread post by post.
export function AiSuggestionPanel({
  original,
  suggestion,
  numbering,
  onAccept,
  onDiscard,
}: {
  original: readonly string[];
  suggestion: AiSuggestion;
  /** Whether the thread's posts are numbered, which counts in their score. */
  numbering: boolean;
  onAccept: () => void;
  onDiscard: () => void;
}) {
  const [view, setView] = useState<View>("compare");
  const unchanged = isUnchanged(original, suggestion.posts);
  const thread = suggestion.posts.length > 1;
  const after = evaluateThread(suggestion.posts, numbering);
  const scoreAfter = thread ? after.summary : `${after.posts[0]?.score ?? 0}/${POST_SCORE_MAX}`;

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
        <span className="text-sm text-indigo-900">Bewertung danach: {scoreAfter}</span>
      </div>
      {suggestion.demo ? (
        <div className="mt-3">
          <DemoNotice />
        </div>
      ) : null}
      {unchanged ? null : <ViewToggle view={view} onChange={setView} />}
      {unchanged ? (
        <p className="mt-3 text-sm text-slate-700">Keine Änderungen nötig – dein Text passt so.</p>
      ) : (
        <ol className="mt-3 grid gap-3">
          {suggestion.posts.map((post, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a post's place in the thread is its identity
            <li key={index}>
              {thread ? (
                <p className="mb-1 text-xs font-semibold text-indigo-900">
                  Post {index + 1}
                  {post === original[index] ? " · unverändert" : null}
                </p>
              ) : null}
              {view === "result" ? (
                <p
                  className="whitespace-pre-wrap break-words rounded-lg bg-white p-3 leading-7"
                  data-testid="ai-result"
                >
                  {post}
                </p>
              ) : post === original[index] ? (
                // A thread's unchanged posts stay short, so the changes stand out.
                <p className="line-clamp-2 whitespace-pre-wrap break-words px-3 text-sm text-slate-600">{post}</p>
              ) : (
                <PostDiff original={original[index] ?? ""} suggested={post} />
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {/* ADR 0067: an answer that changes nothing has nothing to take over. */}
        {unchanged ? null : (
          <Button size="sm" onClick={onAccept}>
            <Check aria-hidden />
            Übernehmen
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onDiscard}>
          <X aria-hidden />
          {unchanged ? "Schließen" : "Verwerfen"}
        </Button>
      </div>
    </section>
  );
}
