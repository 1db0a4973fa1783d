import FilePlus from "lucide-react/icons/file-plus";
import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { DraftRestoreNotice, DraftSaveStatus } from "#app/features/drafts/draft-status.tsx";
import { type OpenedOptimizerDraft, useOptimizerOpening } from "#app/features/drafts/optimizer-draft.ts";
import { cn } from "#app/lib/cn.ts";
import { WithQueryClient } from "#app/lib/query-client-provider.tsx";
import { OPTIMIZER_ERRORS, SENTENCE_LENGTH_MAX } from "#shared/optimizer.ts";
import { THREAD_SEPARATOR } from "#shared/x-thread.ts";
import { AiSuggestionPanel } from "./ai-suggestion.tsx";
import { EditorActions, ThreadTools } from "./editor-actions.tsx";
import type { EditorMark } from "./highlight-segments.ts";
import { LengthCounter } from "./length-counter.tsx";
import { type EditorMode, ModeToggle } from "./mode-toggle.tsx";
import { PostEditor } from "./post-editor.tsx";
import { PostPreview } from "./post-preview.tsx";
import { PremiumPanel } from "./premium-panel.tsx";
import { ScorePanel } from "./score-panel.tsx";
import { SpellingHints } from "./spelling-hints.tsx";
import { ThreadScores } from "./thread-scores.tsx";
import { useAiEdit } from "./use-ai-edit.ts";
import { useOptimizerAccess, useSpellingHints } from "./use-optimizer.ts";
import { type OptimizerDocument, useOptimizerDocument } from "./use-optimizer-document.ts";

// ADR 0114: the comparison with the writer's own sent posts comes in its own chunk, after the tool.
const OwnResultsPanel = lazy(() =>
  import("./own-results-panel.tsx").then((module) => ({ default: module.OwnResultsPanel })),
);

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
  const document = useOptimizerDocument(opened, onDraftCreated);
  const { mode, text, setText, isThread, posts, evaluation, outgoing, autosave } = document;
  const { data: access } = useOptimizerAccess();
  const premiumRef = useRef<HTMLElement>(null);
  // Spec section 4 "Optimizer editor": the first AI change saves the original for reset; it is
  // the text the AI got, saved when its answer arrives (ADR 0067).
  const ai = useAiEdit({
    text,
    posts,
    isThread,
    setText,
    canUseAi: access?.canUseAi ?? false,
    onLocked: () => {
      toast.info(OPTIMIZER_ERRORS.premiumHint);
      premiumRef.current?.scrollIntoView({ behavior: "smooth", block: "center" });
      premiumRef.current?.focus({ preventScroll: true });
    },
  });
  const single = evaluation.posts[0];
  const { issues: spellingIssues } = useSpellingHints(text);

  function restoreDraft() {
    if (document.restoreDraft()) ai.closeSuggestion();
  }

  function changeMode(next: EditorMode) {
    document.setMode(next);
    // A suggestion belongs to the split it was made for.
    ai.closeSuggestion();
  }

  function replaceRange(start: number, end: number, replacement: string) {
    setText((current) => `${current.slice(0, start)}${replacement}${current.slice(end)}`);
  }

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
          <MarkedEditor document={document} spellingMarks={spellingIssues} />
          {isThread ? <ThreadTools document={document} /> : null}
          <EditorActions document={document} ai={ai} aiLocked={access ? !access.canUseAi : false} />
          <SpellingHints text={text} issues={spellingIssues} onReplace={replaceRange} />
        </section>
        {ai.suggestion ? (
          <AiSuggestionPanel
            original={posts}
            suggestion={ai.suggestion}
            numbering={document.threadNumbering}
            onAccept={ai.accept}
            onDiscard={ai.closeSuggestion}
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

/** The text field with the score's highlights and the spelling hints marked, and its legend. */
function MarkedEditor({
  document,
  spellingMarks,
}: {
  document: OptimizerDocument;
  spellingMarks: readonly { start: number; end: number }[];
}) {
  const { text, setText, isThread, highlights } = document;
  const marks: EditorMark[] = useMemo(
    () => [
      ...highlights,
      ...spellingMarks.map((issue) => ({ start: issue.start, end: issue.end, kind: "spelling" as const })),
    ],
    [highlights, spellingMarks],
  );
  const hasDoubleWeight = highlights.some((highlight) => highlight.kind === "doubleWeight");
  return (
    <>
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
    </>
  );
}
