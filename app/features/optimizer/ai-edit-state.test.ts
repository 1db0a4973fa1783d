import { describe, expect, it } from "vitest";
import { AI_EDIT_IDLE, aiEditReducer } from "./ai-edit-state.ts";

const suggestion = { kind: "improve" as const, posts: ["Besser."], demo: false };

describe("the optimizer's AI edit state", () => {
  it("keeps the text before the first AI change, not the one before a later change", () => {
    const first = aiEditReducer(aiEditReducer(AI_EDIT_IDLE, { type: "started", action: "improve" }), {
      type: "answered",
      sentText: "Erster Text",
      suggestion,
      changed: true,
    });
    expect(first).toEqual({ busy: null, suggestion, original: "Erster Text" });
    const second = aiEditReducer(aiEditReducer(first, { type: "suggestionClosed" }), {
      type: "answered",
      sentText: "Zweiter Text",
      suggestion,
      changed: true,
    });
    expect(second.original).toBe("Erster Text");
  });

  it("an answer without changes shows it but saves no original", () => {
    const state = aiEditReducer(AI_EDIT_IDLE, { type: "answered", sentText: "Text", suggestion, changed: false });
    expect(state).toEqual({ busy: null, suggestion, original: null });
  });

  it("a failure ends the busy state and keeps the rest; a reset forgets original and suggestion", () => {
    const answered = aiEditReducer(AI_EDIT_IDLE, { type: "answered", sentText: "Text", suggestion, changed: true });
    const busy = aiEditReducer(answered, { type: "started", action: "grammar" });
    expect(busy.busy).toBe("grammar");
    expect(aiEditReducer(busy, { type: "failed" })).toEqual(answered);
    expect(aiEditReducer(answered, { type: "reset" })).toEqual(AI_EDIT_IDLE);
  });
});
