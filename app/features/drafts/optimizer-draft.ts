import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { type DraftContent, type DraftSource, type DraftView, EMPTY_DRAFT_CONTENT } from "#shared/drafts.ts";
import { joinThread, splitThreadParts } from "#shared/x-thread.ts";
import { readLocalCopy } from "./draft-saver.ts";
import { fetchDraft } from "./drafts-api.ts";

// The optimizer's document as a draft (ADR 0084): a post (source `optimizer`) or a thread
// (`optimizer-thread`, its posts in `threadPosts`) over the one text field. Which draft the page
// opens: the one in the address (?entwurf=…, after the first save and from the drafts list), else a
// post or thread brought by navigation (a new draft), else the editor's last draft in this browser.

export const OPTIMIZER_SLOT = "optimizer";
export const DRAFT_PARAM = "entwurf";

export type OptimizerMode = "single" | "thread";

export type OpenedOptimizerDraft = {
  draftId: string | null;
  revision: number | null;
  mode: OptimizerMode;
  text: string;
};

export function optimizerSource(mode: OptimizerMode): DraftSource {
  return mode === "thread" ? "optimizer-thread" : "optimizer";
}

export function optimizerContent(mode: OptimizerMode, text: string): DraftContent {
  if (mode === "single") return { ...EMPTY_DRAFT_CONTENT, text };
  return { ...EMPTY_DRAFT_CONTENT, threadPosts: splitThreadParts(text).map((part) => part.text) };
}

export function optimizerDocument(
  source: DraftSource,
  content: DraftContent,
): Pick<OpenedOptimizerDraft, "mode" | "text"> {
  const thread = source === "optimizer-thread" || content.threadPosts.length > 0;
  return thread ? { mode: "thread", text: joinThread(content.threadPosts) } : { mode: "single", text: content.text };
}

function fromDraft(draft: DraftView): OpenedOptimizerDraft {
  return { draftId: draft.id, revision: draft.revision, ...optimizerDocument(draft.source, draft.content) };
}

function localStorageOrNull(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** The document the optimizer opens; null while it is being loaded. */
export function useOptimizerOpening(initialText: string, initialThread: string[] | null) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<OpenedOptimizerDraft | null>(null);
  // The first save often answers after the user has clicked away (leaving flushes the draft):
  // writing its id into the optimizer's address then would take them back to the optimizer.
  const leaving = useRef(false);
  leaving.current = useNavigation().state !== "idle";
  useEffect(() => {
    leaving.current = false;
    return () => {
      leaving.current = true;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: chosen once, when the editor opens
  useEffect(() => {
    let current = true;
    const open = async (): Promise<OpenedOptimizerDraft> => {
      const fromAddress = params.get(DRAFT_PARAM);
      if (fromAddress) {
        const draft = await fetchDraft(fromAddress).catch(() => null);
        if (draft) return fromDraft(draft);
      }
      if (initialThread) return { draftId: null, revision: null, mode: "thread", text: joinThread(initialThread) };
      if (initialText) return { draftId: null, revision: null, mode: "single", text: initialText };
      const last = readLocalCopy(localStorageOrNull(), OPTIMIZER_SLOT);
      if (last?.draftId) {
        const draft = await fetchDraft(last.draftId).catch(() => null);
        if (draft) return fromDraft(draft);
      }
      return { draftId: null, revision: null, mode: "single", text: "" };
    };
    void open().then((document) => {
      if (current) setOpened(document);
    });
    return () => {
      current = false;
    };
  }, []);

  /** After the first save: the address names the draft (a reload opens it), the brought text is done. */
  function rememberInAddress(draftId: string) {
    if (leaving.current) return;
    const next = new URLSearchParams(params);
    next.set(DRAFT_PARAM, draftId);
    navigate({ pathname: location.pathname, search: `?${next}`, hash: location.hash }, { replace: true, state: null });
  }

  /** "Neuer Entwurf": the current draft stays in the list; the editor starts a new, empty one. */
  function startNew() {
    const next = new URLSearchParams(params);
    next.delete(DRAFT_PARAM);
    const search = next.size > 0 ? `?${next}` : "";
    navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true, state: null });
    setOpened({ draftId: null, revision: null, mode: "single", text: "" });
  }

  return { opened, rememberInAddress, startNew };
}
