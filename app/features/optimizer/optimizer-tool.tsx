import { Check, Copy, Link2, Lock, RotateCcw, Send, Sparkles, SpellCheck } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PublishButton } from "#app/features/publishing/publish-button.tsx";
import { WithQueryClient } from "#app/lib/query-client-provider.tsx";
import { openSharePopup, xIntentUrl } from "#app/lib/share.ts";
import { useCopyToClipboard } from "#app/lib/use-copy-to-clipboard.ts";
import { OPTIMIZER_ERRORS, OPTIMIZER_MESSAGES, SENTENCE_LENGTH_MAX } from "#shared/optimizer.ts";
import { analyzePost } from "#shared/post-metrics.ts";
import { type AiSuggestion, AiSuggestionPanel } from "./ai-suggestion.tsx";
import type { EditorMark } from "./highlight-segments.ts";
import { LengthCounter } from "./length-counter.tsx";
import { PostEditor } from "./post-editor.tsx";
import { PostPreview } from "./post-preview.tsx";
import { PremiumPanel } from "./premium-panel.tsx";
import { ScorePanel } from "./score-panel.tsx";
import { SpellingHints } from "./spelling-hints.tsx";
import { requestGrammarCorrection, requestImprovement, useOptimizerAccess, useSpellingHints } from "./use-optimizer.ts";

// Appended by the link button; a reserved domain, so it is obviously a placeholder, and
// X counts it like any link (LINK_LENGTH characters).
const LINK_PLACEHOLDER = "https://example.com";

// Spec section 8 "Optimizer toasts" for the two AI actions.
const TOASTS = {
  grammar: {
    empty: OPTIMIZER_MESSAGES.grammarBlank,
    done: OPTIMIZER_MESSAGES.grammarDone,
    failed: OPTIMIZER_MESSAGES.grammarFailed,
  },
  improve: {
    empty: OPTIMIZER_MESSAGES.improveBlank,
    done: OPTIMIZER_MESSAGES.improveDone,
    failed: OPTIMIZER_MESSAGES.improveFailed,
  },
} as const;

type AiAction = keyof typeof TOASTS;

/**
 * The tool for a signed-in user. It is loaded only then (ADR 0032) and brings the page's query
 * client itself, so a signed-out visitor's landing loads no TanStack Query (ADR 0031).
 */
export function OptimizerTool({ initialText = "" }: { initialText?: string }) {
  return (
    <WithQueryClient>
      <OptimizerToolWithQueries initialText={initialText} />
    </WithQueryClient>
  );
}

function OptimizerToolWithQueries({ initialText }: { initialText: string }) {
  // A post can arrive from the generator ("Im Optimizer öffnen") through navigation state.
  const [text, setText] = useState(initialText);
  // Spec section 4 "Optimizer editor": the first AI change saves the original for reset.
  const [original, setOriginal] = useState<string | null>(null);
  const [busy, setBusy] = useState<AiAction | null>(null);
  const [suggestion, setSuggestion] = useState<AiSuggestion | null>(null);
  const { copied, copy } = useCopyToClipboard();
  const { data: access } = useOptimizerAccess();
  const premiumRef = useRef<HTMLElement>(null);

  const analysis = useMemo(() => analyzePost(text), [text]);
  const { issues: spellingIssues } = useSpellingHints(text);
  const marks: EditorMark[] = useMemo(
    () => [
      ...analysis.highlights,
      ...spellingIssues.map((issue) => ({ start: issue.start, end: issue.end, kind: "spelling" as const })),
    ],
    [analysis.highlights, spellingIssues],
  );
  const hasDoubleWeight = analysis.highlights.some((highlight) => highlight.kind === "doubleWeight");

  async function runAi(action: AiAction) {
    if (!text.trim()) return void toast.error(TOASTS[action].empty);
    if (!access?.canUseAi) {
      toast.info(OPTIMIZER_ERRORS.premiumHint);
      premiumRef.current?.scrollIntoView({ behavior: "smooth", block: "center" });
      premiumRef.current?.focus({ preventScroll: true });
      return;
    }
    setBusy(action);
    try {
      const result = action === "grammar" ? await requestGrammarCorrection(text) : await requestImprovement(text);
      setSuggestion({ kind: action, ...result });
    } catch (error) {
      // The spec's failure toast, with the server's reason (a timeout, say) underneath.
      const reason = error instanceof Error ? error.message : "";
      toast.error(
        TOASTS[action].failed,
        reason && reason !== TOASTS[action].failed ? { description: reason } : undefined,
      );
    } finally {
      setBusy(null);
    }
  }

  function acceptSuggestion() {
    if (!suggestion) return;
    if (original === null) setOriginal(text);
    setText(suggestion.text);
    toast.success(TOASTS[suggestion.kind].done);
    setSuggestion(null);
  }

  function reset() {
    if (original === null) return;
    setText(original);
    setOriginal(null);
    setSuggestion(null);
    toast.success(OPTIMIZER_MESSAGES.resetDone);
  }

  async function copyText() {
    if (!text.trim()) return void toast.error(OPTIMIZER_MESSAGES.copyBlank);
    if (await copy(text)) toast.success(OPTIMIZER_MESSAGES.copyDone);
    else toast.error(OPTIMIZER_MESSAGES.copyFailed);
  }

  function replaceRange(start: number, end: number, replacement: string) {
    setText((current) => `${current.slice(0, start)}${replacement}${current.slice(end)}`);
  }

  const aiLocked = access ? !access.canUseAi : false;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid min-w-0 content-start gap-6">
        <section aria-labelledby="editor-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="editor-heading" className="text-lg font-semibold">
              <label htmlFor="post-text">Dein Post</label>
            </h2>
            <div className="flex items-center gap-2">
              {access?.demoMode ? <Badge tone="amber">Demo-Modus</Badge> : null}
              <LengthCounter adjustedLength={analysis.metrics.adjustedLength} />
            </div>
          </div>
          <div className="mt-4">
            <PostEditor value={text} onChange={setText} marks={marks} describedBy="editor-legend" />
          </div>
          <p id="editor-legend" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
            <span>
              <span className="mr-1 inline-block size-2.5 rounded-sm bg-amber-200 align-middle" aria-hidden />
              Satz über {SENTENCE_LENGTH_MAX} Zeichen
            </span>
            <span>
              <span className="mr-1 inline-block size-2.5 rounded-sm bg-red-300 align-middle" aria-hidden />
              Zusätzliches #, @ oder !
            </span>
            {hasDoubleWeight ? (
              <span>
                <span className="mr-1 inline-block size-2.5 rounded-sm bg-violet-300 align-middle" aria-hidden />
                Zählt bei X doppelt (Emojis, „€“, „…“)
              </span>
            ) : null}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                setText((current) => `${current.trimEnd()}${current.trim() ? " " : ""}${LINK_PLACEHOLDER}`)
              }
            >
              <Link2 aria-hidden />
              Link einfügen
            </Button>
            <Button variant="outline" size="sm" onClick={() => runAi("grammar")} disabled={busy !== null}>
              {aiLocked ? <Lock aria-hidden /> : <SpellCheck aria-hidden />}
              {busy === "grammar" ? "Prüfe …" : "Grammatik prüfen"}
            </Button>
            <Button size="sm" onClick={() => runAi("improve")} disabled={busy !== null}>
              {aiLocked ? <Lock aria-hidden /> : <Sparkles aria-hidden />}
              {busy === "improve" ? "Optimiere …" : "Mit KI verbessern"}
            </Button>
            {original !== null ? (
              <Button variant="outline" size="sm" onClick={reset}>
                <RotateCcw aria-hidden />
                Zurücksetzen
              </Button>
            ) : null}
            <Button variant="outline" size="sm" onClick={copyText}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? "Kopiert" : "Kopieren"}
            </Button>
            <Button variant="outline" size="sm" onClick={() => openSharePopup(xIntentUrl(text))}>
              <Send aria-hidden />
              Auf X teilen
            </Button>
            {/* "Direktes Posten" (spec: the optimizer's feature card): to a connected X account. */}
            <PublishButton
              text={text}
              networks={["x"]}
              preferredNetwork="x"
              address="du"
              label="Auf X veröffentlichen"
            />
          </div>
          <SpellingHints text={text} issues={spellingIssues} onReplace={replaceRange} />
        </section>
        {suggestion ? (
          <AiSuggestionPanel
            original={text}
            suggestion={suggestion}
            onAccept={acceptSuggestion}
            onDiscard={() => setSuggestion(null)}
          />
        ) : null}
      </div>
      {/* On phones the score follows the editor directly; on wide screens it stays beside it. */}
      <div className="grid content-start gap-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
        <ScorePanel criteria={analysis.criteria} score={analysis.score} />
        <PremiumPanel panelRef={premiumRef} />
      </div>
      <div className="min-w-0 lg:col-start-1">
        <PostPreview text={text} />
      </div>
    </div>
  );
}
