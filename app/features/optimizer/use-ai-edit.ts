import { useReducer } from "react";
import { toast } from "sonner";
import { OPTIMIZER_MESSAGES } from "#shared/optimizer.ts";
import { joinThread } from "#shared/x-thread.ts";
import { AI_EDIT_IDLE, aiEditReducer } from "./ai-edit-state.ts";
import { isUnchanged } from "./ai-suggestion.tsx";
import { type AiAction, requestAiEdit } from "./use-optimizer.ts";

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

/** Grammar check and improvement of the editor's text, the suggestion on show, and the reset. */
export function useAiEdit({
  text,
  posts,
  isThread,
  setText,
  canUseAi,
  onLocked,
}: {
  text: string;
  posts: string[];
  isThread: boolean;
  setText: (text: string) => void;
  canUseAi: boolean;
  /** Without premium the buttons point to the premium offer instead. */
  onLocked: () => void;
}) {
  const [state, dispatch] = useReducer(aiEditReducer, AI_EDIT_IDLE);

  async function run(action: AiAction) {
    if (!text.trim()) return void toast.error(TOASTS[action].empty);
    if (!canUseAi) return onLocked();
    dispatch({ type: "started", action });
    const sentText = text;
    try {
      const result = await requestAiEdit(action, posts);
      dispatch({
        type: "answered",
        sentText,
        suggestion: { kind: action, ...result },
        changed: !isUnchanged(posts, result.posts),
      });
    } catch (error) {
      dispatch({ type: "failed" });
      // The spec's failure toast, with the server's reason (a timeout, say) underneath.
      const reason = error instanceof Error ? error.message : "";
      toast.error(
        TOASTS[action].failed,
        reason && reason !== TOASTS[action].failed ? { description: reason } : undefined,
      );
    }
  }

  function accept() {
    const { suggestion } = state;
    if (!suggestion) return;
    setText(isThread ? joinThread(suggestion.posts) : (suggestion.posts[0] ?? text));
    toast.success(TOASTS[suggestion.kind].done);
    dispatch({ type: "suggestionClosed" });
  }

  function reset() {
    if (state.original === null) return;
    setText(state.original);
    dispatch({ type: "reset" });
    toast.success(OPTIMIZER_MESSAGES.resetDone);
  }

  return {
    ...state,
    run,
    accept,
    reset,
    /** Discards the suggestion, or drops it when it no longer fits the text. */
    closeSuggestion: () => dispatch({ type: "suggestionClosed" }),
  };
}
