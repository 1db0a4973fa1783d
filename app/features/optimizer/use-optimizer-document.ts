import { useMemo, useState } from "react";
import {
  OPTIMIZER_SLOT,
  type OpenedOptimizerDraft,
  optimizerContent,
  optimizerDocument,
  optimizerSource,
} from "#app/features/drafts/optimizer-draft.ts";
import { useDraftAutosave } from "#app/features/drafts/use-draft-autosave.ts";
import type { PostHighlight } from "#shared/post-metrics.ts";
import { evaluateThread, splitThreadParts, type ThreadPart } from "#shared/x-thread.ts";
import type { EditorMark } from "./highlight-segments.ts";
import type { EditorMode } from "./mode-toggle.tsx";

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
 * The optimizer's document: its text and mode, saved as a draft while typing (ADR 0084), and
 * what follows from them: the posts, their scores and highlights.
 */
export function useOptimizerDocument(opened: OpenedOptimizerDraft, onDraftCreated: (draftId: string) => void) {
  // Both modes edit the same text; in thread mode blank lines and "---" lines separate posts.
  const [mode, setMode] = useState<EditorMode>(opened.mode);
  const [text, setText] = useState(opened.text);
  const [numbering, setNumbering] = useState(false);
  const draftValue = useMemo(() => optimizerContent(mode, text), [mode, text]);
  const autosave = useDraftAutosave({
    source: optimizerSource(mode),
    slot: OPTIMIZER_SLOT,
    draftId: opened.draftId,
    revision: opened.revision,
    value: draftValue,
    onCreated: (draft) => onDraftCreated(draft.id),
  });

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
  const highlights = useMemo(
    () => parts.flatMap((part, index) => placeHighlights(evaluation.posts[index]?.highlights ?? [], part)),
    [parts, evaluation],
  );

  /** Takes over the draft copy the autosave offers; false when there is none. */
  function restoreDraft(): boolean {
    const copy = autosave.acceptRestore();
    if (!copy) return false;
    const restored = optimizerDocument(copy.source, copy.value);
    setMode(restored.mode);
    setText(restored.text);
    return true;
  }

  return {
    mode,
    setMode,
    text,
    setText,
    numbering,
    setNumbering,
    autosave,
    restoreDraft,
    isThread,
    threadNumbering,
    posts: parts.map((part) => part.text),
    evaluation,
    // What X gets: the posts with their numbers when numbering is on.
    outgoing: evaluation.posts.map((post) => post.text),
    highlights,
  };
}

export type OptimizerDocument = ReturnType<typeof useOptimizerDocument>;
