import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import {
  DRAFT_SAVE_STATUS_TEXTS,
  type DraftContent,
  type DraftSaveState,
  type DraftSource,
  type DraftView,
} from "#shared/drafts.ts";
import { DraftSaver, type LocalCopy, restorableCopy } from "./draft-saver.ts";
import { DRAFTS_QUERY_KEY, draftApi } from "./drafts-api.ts";

// Autosave of an editor (ADR 0084): the composer, the optimizer's editor and its thread mode.
// Every change is kept in localStorage at once and saved on the server after a pause in typing
// (draft-saver.ts); leaving the page (pagehide, the tab hidden) or the editor (unmount) saves what
// is left. On opening, a local copy the server never got is offered back.

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export type DraftAutosave = {
  state: DraftSaveState;
  /** For an aria-live status line: "Gespeichert", "Wird gespeichert …", … */
  statusText: string;
  draftId: string | null;
  /** A local copy newer than the server's, offered back ("Nicht gespeicherten Entwurf wiederherstellen?"). */
  restorable: LocalCopy | null;
  /** Takes the local copy: its value for the editor; saves go to its draft from now on. */
  acceptRestore: () => LocalCopy | null;
  dismissRestore: () => void;
  flush: () => Promise<void>;
  /** The document was planned or published with its draft: stop saving, forget the local copy. */
  finish: () => void;
};

export function useDraftAutosave({
  source,
  draftId,
  revision = null,
  value,
  slot = source,
  enabled = true,
  onCreated,
}: {
  source: DraftSource;
  /** The opened draft, or null for a new document. */
  draftId: string | null;
  /** The opened draft's revision on the server. */
  revision?: number | null;
  value: DraftContent;
  /** Which editor's local copy: one per editor, whatever its source (the optimizer switches). */
  slot?: string;
  enabled?: boolean;
  onCreated?: (draft: DraftView) => void;
}): DraftAutosave {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DraftSaveState>("idle");
  const [restorable, setRestorable] = useState<LocalCopy | null>(null);
  const saverRef = useRef<DraftSaver | null>(null);
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  // The value the editor opened with: what the server holds (the first value given).
  const openedWith = useRef(value);

  // One saver per opened document; the value flows in through change(), source and revision are the opening ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!enabled) return;
    const storage = browserStorage();
    const saver = new DraftSaver({
      slot,
      source,
      draftId,
      revision,
      value: openedWith.current,
      api: draftApi,
      storage,
      onState: (next) => {
        setState(next);
        if (next === "saved") void queryClient.invalidateQueries({ queryKey: DRAFTS_QUERY_KEY });
      },
      onCreated: (draft) => onCreatedRef.current?.(draft),
    });
    saverRef.current = saver;
    setRestorable(restorableCopy(storage, slot, openedWith.current));
    const leave = () => void saver.flush({ keepalive: true });
    const hidden = () => {
      if (document.visibilityState === "hidden") leave();
    };
    window.addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", hidden);
      void saver.stop();
      saverRef.current = null;
    };
  }, [enabled, slot, draftId, queryClient]);

  useEffect(() => {
    saverRef.current?.change(value, source);
  }, [value, source]);

  return {
    state,
    statusText: DRAFT_SAVE_STATUS_TEXTS[state],
    draftId: saverRef.current?.draftId ?? draftId,
    restorable,
    acceptRestore: () => {
      const copy = restorable;
      setRestorable(null);
      if (!copy || !saverRef.current) return copy;
      // The same draft: the copy is written over the server's current revision (the user chose it).
      if (copy.draftId && copy.draftId !== saverRef.current.draftId)
        saverRef.current.adopt(copy.draftId, copy.revision);
      return copy;
    },
    dismissRestore: () => setRestorable(null),
    flush: () => saverRef.current?.flush() ?? Promise.resolve(),
    finish: () => {
      saverRef.current?.finish();
      // The server deleted the draft with the posts it became: the plan's list must not show it.
      void queryClient.invalidateQueries({ queryKey: DRAFTS_QUERY_KEY });
    },
  };
}
