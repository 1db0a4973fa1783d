import type { AiSuggestion } from "./ai-suggestion.tsx";
import type { AiAction } from "./use-optimizer.ts";

// What the two AI actions of the optimizer leave behind, as one state with named steps:
// which action is running, the suggestion on show, and the text before the first AI change
// (spec section 4 "Optimizer editor", ADR 0067).
export type AiEditState = {
  busy: AiAction | null;
  suggestion: AiSuggestion | null;
  /** The text the AI got the first time its answer changed something; null until then and after a reset. */
  original: string | null;
};

export type AiEditEvent =
  | { type: "started"; action: AiAction }
  | { type: "answered"; sentText: string; suggestion: AiSuggestion; changed: boolean }
  | { type: "failed" }
  /** Taken over, discarded, or no longer fitting the text (another mode, a restored draft). */
  | { type: "suggestionClosed" }
  | { type: "reset" };

export const AI_EDIT_IDLE: AiEditState = { busy: null, suggestion: null, original: null };

export function aiEditReducer(state: AiEditState, event: AiEditEvent): AiEditState {
  switch (event.type) {
    case "started":
      return { ...state, busy: event.action };
    case "answered":
      // ADR 0067: "Zurücksetzen" brings back the text before the first AI change, whether or not
      // the writer edits or takes the suggestion over later; an answer without changes changes nothing.
      return {
        busy: null,
        suggestion: event.suggestion,
        original: event.changed ? (state.original ?? event.sentText) : state.original,
      };
    case "failed":
      return { ...state, busy: null };
    case "suggestionClosed":
      return { ...state, suggestion: null };
    case "reset":
      return { ...state, suggestion: null, original: null };
  }
}
