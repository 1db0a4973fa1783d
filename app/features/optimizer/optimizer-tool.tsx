import { Check, Copy, FilePlus, Link2, Lock, RotateCcw, Scissors, Send, Sparkles, SpellCheck } from "lucide-react";
import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { PublishButton } from "#app/features/composer/publish-button.tsx";
import { PublishThreadButton } from "#app/features/composer/publish-thread-button.tsx";
import { DraftRestoreNotice, DraftSaveStatus } from "#app/features/drafts/draft-status.tsx";
import {
  OPTIMIZER_SLOT,
  type OpenedOptimizerDraft,
  optimizerContent,
  optimizerDocument,
  optimizerSource,
  useOptimizerOpening,
} from "#app/features/drafts/optimizer-draft.ts";
import { useDraftAutosave } from "#app/features/drafts/use-draft-autosave.ts";
import { cn } from "#app/lib/cn.ts";
import { WithQueryClient } from "#app/lib/query-client-provider.tsx";
import { openSharePopup, xIntentUrl } from "#app/lib/share.ts";
import { useCopyToClipboard } from "#app/lib/use-copy-to-clipboard.ts";
import { OPTIMIZER_ERRORS, OPTIMIZER_MESSAGES, SENTENCE_LENGTH_MAX } from "#shared/optimizer.ts";
import type { PostHighlight } from "#shared/post-metrics.ts";
import {
  autoSplitThread,
  evaluateThread,
  joinThread,
  splitThreadParts,
  THREAD_SEPARATOR,
  type ThreadPart,
} from "#shared/x-thread.ts";
import { type AiSuggestion, AiSuggestionPanel, isUnchanged } from "./ai-suggestion.tsx";
import type { EditorMark } from "./highlight-segments.ts";
import { LengthCounter } from "./length-counter.tsx";
import { type EditorMode, ModeToggle } from "./mode-toggle.tsx";
import { PostEditor } from "./post-editor.tsx";
import { PostPreview } from "./post-preview.tsx";
import { PremiumPanel } from "./premium-panel.tsx";
import { ScorePanel } from "./score-panel.tsx";
import { SpellingHints } from "./spelling-hints.tsx";
import { ThreadScores } from "./thread-scores.tsx";
import { type AiAction, requestAiEdit, useOptimizerAccess, useSpellingHints } from "./use-optimizer.ts";

// ADR 0114: the comparison with the writer's own sent posts comes in its own chunk, after the tool.
const OwnResultsPanel = lazy(() =>
  import("./own-results-panel.tsx").then((module) => ({ default: module.OwnResultsPanel })),
);

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

const THREAD_SHARE_HINT = "X kann über einen Link nur den ersten Post übernehmen.";
const SPLIT_BLANK = "Kein Text zum Aufteilen vorhanden.";

// A post's highlights placed in the whole thread text; what falls on the appended number
// (ADR 0064) is not in the editor.
function placeHighlights(highlights: PostHighlight[], part: ThreadPart): EditorMark[] {
  return highlights
    .filter((highlight) => highlight.start < part.text.length)
    .map((highlight) => ({
      kind: highlight.kind,
      start: part.start + highlight.start,
      end: part.start + Math.min(highlight.end, part.text.length),
    }));
}

/**
 * The tool for a signed-in user. It is loaded only then (ADR 0032) and brings the page's query
 * client itself, so a signed-out visitor's landing loads no TanStack Query (ADR 0031).
 */
export function OptimizerTool(props: ToolProps) {
  return (
    <WithQueryClient>
      <OptimizerToolWithQueries {...props} />
    </WithQueryClient>
  );
}

type ToolProps = { initialText?: string; initialThread?: string[] | null };

function OptimizerToolWithQueries({ initialText = "", initialThread = null }: ToolProps) {
  // A post or a thread can arrive from the generator or the archive through navigation state;
  // otherwise the editor opens its draft (ADR 0084), so nothing typed is lost on leaving or reloading.
  const { opened, rememberInAddress, startNew } = useOptimizerOpening(initialText, initialThread);
  // A new document is a new editor, with its own autosave.
  const [editorKey, setEditorKey] = useState(0);
  if (!opened) {
    return (
      <div className="flex min-h-96 items-center justify-center rounded-xl border border-dashed border-slate-300">
        <Spinner label="Dein Entwurf wird geladen..." />
      </div>
    );
  }
  return (
    <OptimizerEditor
      key={editorKey}
      opened={opened}
      onDraftCreated={rememberInAddress}
      onStartNew={() => {
        startNew();
        setEditorKey((key) => key + 1);
      }}
    />
  );
}

function OptimizerEditor({
  opened,
  onDraftCreated,
  onStartNew,
}: {
  opened: OpenedOptimizerDraft;
  onDraftCreated: (draftId: string) => void;
  onStartNew: () => void;
}) {
  // Both modes edit the same text; in thread mode blank lines and "---" lines separate posts.
  const [mode, setMode] = useState<EditorMode>(opened.mode);
  const [text, setText] = useState(opened.text);
  const draftValue = useMemo(() => optimizerContent(mode, text), [mode, text]);
  const autosave = useDraftAutosave({
    source: optimizerSource(mode),
    slot: OPTIMIZER_SLOT,
    draftId: opened.draftId,
    revision: opened.revision,
    value: draftValue,
    onCreated: (draft) => onDraftCreated(draft.id),
  });
  const [numbering, setNumbering] = useState(false);
  // Spec section 4 "Optimizer editor": the first AI change saves the original for reset; it is
  // the text the AI got, saved when its answer arrives (ADR 0067).
  const [original, setOriginal] = useState<string | null>(null);
  const [busy, setBusy] = useState<AiAction | null>(null);
  const [suggestion, setSuggestion] = useState<AiSuggestion | null>(null);
  const { copied, copy } = useCopyToClipboard();
  const { data: access } = useOptimizerAccess();
  const premiumRef = useRef<HTMLElement>(null);

  const isThread = mode === "thread";
  const threadNumbering = isThread && numbering;
  // A single post is the whole text as typed; a thread its posts, each scored on its own.
  const parts = useMemo(() => (isThread ? splitThreadParts(text) : [{ text, start: 0 }]), [isThread, text]);
  const evaluation = useMemo(
    () =>
      evaluateThread(
        parts.map((part) => part.text),
        threadNumbering,
      ),
    [parts, threadNumbering],
  );
  const posts = parts.map((part) => part.text);
  // What X gets: the posts with their numbers when numbering is on.
  const outgoing = evaluation.posts.map((post) => post.text);
  const single = evaluation.posts[0];
  const { issues: spellingIssues } = useSpellingHints(text);
  const highlights = useMemo(
    () => parts.flatMap((part, index) => placeHighlights(evaluation.posts[index]?.highlights ?? [], part)),
    [parts, evaluation],
  );
  const marks: EditorMark[] = useMemo(
    () => [
      ...highlights,
      ...spellingIssues.map((issue) => ({ start: issue.start, end: issue.end, kind: "spelling" as const })),
    ],
    [highlights, spellingIssues],
  );
  const hasDoubleWeight = highlights.some((highlight) => highlight.kind === "doubleWeight");

  function restoreDraft() {
    const copy = autosave.acceptRestore();
    if (!copy) return;
    const restored = optimizerDocument(copy.source, copy.value);
    setMode(restored.mode);
    setText(restored.text);
    setSuggestion(null);
  }

  function changeMode(next: EditorMode) {
    setMode(next);
    // A suggestion belongs to the split it was made for.
    setSuggestion(null);
  }

  function splitAutomatically() {
    if (!text.trim()) return void toast.error(SPLIT_BLANK);
    setText(joinThread(autoSplitThread(text, numbering)));
  }

  async function runAi(action: AiAction) {
    if (!text.trim()) return void toast.error(TOASTS[action].empty);
    if (!access?.canUseAi) {
      toast.info(OPTIMIZER_ERRORS.premiumHint);
      premiumRef.current?.scrollIntoView({ behavior: "smooth", block: "center" });
      premiumRef.current?.focus({ preventScroll: true });
      return;
    }
    setBusy(action);
    const sentText = text;
    try {
      const result = await requestAiEdit(action, posts);
      // ADR 0067: "Zurücksetzen" brings back the text before the first AI change, whether or not
      // the writer edits or takes the suggestion over later; an answer without changes changes nothing.
      if (!isUnchanged(posts, result.posts)) setOriginal((current) => current ?? sentText);
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
    setText(isThread ? joinThread(suggestion.posts) : (suggestion.posts[0] ?? text));
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
    // A thread goes to the clipboard with a blank line between its posts, numbers included.
    if (await copy(isThread ? joinThread(outgoing) : text)) toast.success(OPTIMIZER_MESSAGES.copyDone);
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
          <DraftRestoreNotice autosave={autosave} onRestore={restoreDraft} />
          <ModeToggle mode={mode} onChange={changeMode} />
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="editor-heading" className="text-lg font-semibold">
              <label htmlFor="post-text">{isThread ? "Dein Thread" : "Dein Post"}</label>
            </h2>
            <div className="flex items-center gap-2">
              <DraftSaveStatus autosave={autosave} />
              {autosave.draftId || text.trim() ? (
                <Button variant="ghost" size="sm" onClick={onStartNew}>
                  <FilePlus aria-hidden />
                  Neuer Entwurf
                </Button>
              ) : null}
              {access?.demoMode ? <Badge tone="amber">Demo-Modus</Badge> : null}
              {isThread ? (
                <Badge tone="slate">{posts.length === 1 ? "1 Post" : `${posts.length} Posts`}</Badge>
              ) : (
                <LengthCounter adjustedLength={single?.metrics.adjustedLength ?? 0} />
              )}
            </div>
          </div>
          {isThread ? (
            <p id="thread-hint" className="mt-1 text-sm text-slate-600">
              Trenne die Posts durch eine Leerzeile oder eine Zeile mit {THREAD_SEPARATOR}. Oder füg deinen ganzen Text
              ein und lass ihn automatisch aufteilen.
            </p>
          ) : null}
          <div className="mt-4">
            <PostEditor
              value={text}
              onChange={setText}
              marks={marks}
              describedBy={isThread ? "thread-hint editor-legend" : "editor-legend"}
              placeholder={isThread ? "Schreib hier deinen Thread für X …" : undefined}
              rows={isThread ? 12 : undefined}
            />
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
          {isThread ? (
            <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg bg-slate-50 p-3">
              <Button variant="outline" size="sm" onClick={splitAutomatically}>
                <Scissors aria-hidden />
                Automatisch aufteilen
              </Button>
              <div className="flex items-center gap-2">
                <Switch id="thread-numbering" checked={numbering} onCheckedChange={setNumbering} />
                <label htmlFor="thread-numbering" className="text-sm font-medium text-slate-800">
                  Nummerierung 1/5
                </label>
              </div>
            </div>
          ) : null}
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
            {/* X's share link takes one text, so a thread shares its first post only. */}
            <Button
              variant="outline"
              size="sm"
              onClick={() => openSharePopup(xIntentUrl(isThread ? (outgoing[0] ?? "") : text))}
              title={isThread ? THREAD_SHARE_HINT : undefined}
              aria-description={isThread ? THREAD_SHARE_HINT : undefined}
            >
              <Send aria-hidden />
              Auf X teilen
            </Button>
            {/* "Direktes Posten" (spec: the optimizer's feature card): to a connected X account. */}
            {isThread ? (
              // A thread is sent as a chain of replies; it takes two posts at least (ADR 0066).
              <PublishThreadButton posts={outgoing} address="du" buttonProps={{ disabled: outgoing.length < 2 }} />
            ) : (
              <PublishButton
                text={text}
                networks={["x"]}
                preferredNetwork="x"
                address="du"
                label="Auf X veröffentlichen"
              />
            )}
          </div>
          <SpellingHints text={text} issues={spellingIssues} onReplace={replaceRange} />
        </section>
        {suggestion ? (
          <AiSuggestionPanel
            original={posts}
            suggestion={suggestion}
            numbering={threadNumbering}
            onAccept={acceptSuggestion}
            onDiscard={() => setSuggestion(null)}
          />
        ) : null}
      </div>
      {/* On phones the score follows the editor directly; on wide screens it stays beside it
          (a thread's list can be taller than the screen, so it scrolls with the page). */}
      <div
        className={cn(
          "grid content-start gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1",
          !isThread && "lg:sticky lg:top-24 lg:self-start xl:top-32",
        )}
      >
        {isThread ? (
          <ThreadScores posts={evaluation.posts} summary={evaluation.summary} />
        ) : (
          <ScorePanel criteria={single?.criteria ?? []} score={single?.score ?? 0} />
        )}
        {isThread ? null : (
          <Suspense fallback={null}>
            <OwnResultsPanel
              length={single?.metrics.adjustedLength ?? 0}
              hashtags={single?.metrics.hashtagCount ?? 0}
            />
          </Suspense>
        )}
        <PremiumPanel panelRef={premiumRef} />
      </div>
      <div className="min-w-0 lg:col-start-1">
        <PostPreview posts={isThread ? outgoing : [text]} />
      </div>
    </div>
  );
}
