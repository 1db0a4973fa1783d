import { describe, expect, it, vi } from "vitest";
import type { ModelContext, WebMcpTool } from "#app/lib/webmcp.ts";
import {
  OPTIMIZER_ERRORS,
  OPTIMIZER_TEXT_MAX_LENGTH,
  POST_LENGTH_MAX,
  POST_LENGTH_MIN,
  POST_SCORE_MAX,
} from "#shared/optimizer.ts";
import { evaluatePost } from "#shared/post-metrics.ts";
import { registerScorePostTool, SCORE_POST_TOOL, SCORE_POST_TOOL_NAME, scorePost } from "./score-post-tool.ts";

const POST =
  "Kurze Sätze wirken. Ein Hashtag reicht völlig, und ein Ausrufezeichen setzt den Akzent! Mehr unter https://example.com 🚀 #Reichweite #X";

describe("the score-x-post tool's execute", () => {
  it("answers with the six criteria and the weighted length of shared/post-metrics.ts", async () => {
    const answer = await scorePost({ text: POST });
    const expected = evaluatePost(POST);

    expect(answer.isError).toBeUndefined();
    expect(answer.structuredContent).toEqual({
      score: expected.score,
      scoreMax: POST_SCORE_MAX,
      weightedLength: expected.metrics.adjustedLength,
      weightedLengthRange: { min: POST_LENGTH_MIN, max: POST_LENGTH_MAX },
      criteria: expected.criteria.map((criterion) => ({
        id: criterion.id,
        label: expect.any(String),
        passed: criterion.passed,
        value: criterion.value,
        percent: criterion.percent,
        detail: expect.any(String),
      })),
    });
    expect(expected.criteria.map((criterion) => criterion.id)).toEqual([
      "length",
      "mentions",
      "hashtags",
      "exclamations",
      "sentenceLength",
      "words",
    ]);
    // The link counts 23 and the emoji twice, as X counts them.
    expect(expected.metrics.adjustedLength).toBeGreaterThan(expected.metrics.length);
    // Agents that read only text get the same data as JSON.
    expect(JSON.parse(answer.content[0]?.text ?? "")).toEqual(answer.structuredContent);
  });

  it.each([
    ["no object", null, "Erwartet wird ein Objekt mit dem Text des Posts im Feld „text“."],
    ["no text", {}, "Kein Text zur Bewertung vorhanden."],
    ["a number", { text: 42 }, "Kein Text zur Bewertung vorhanden."],
    ["blank text", { text: "  \n " }, "Kein Text zur Bewertung vorhanden."],
    ["too long a text", { text: "a".repeat(OPTIMIZER_TEXT_MAX_LENGTH + 1) }, OPTIMIZER_ERRORS.textTooLong],
  ])("refuses %s with a German reason and no result", async (_case, input, message) => {
    const answer = await scorePost(input);
    expect(answer).toEqual({ content: [{ type: "text", text: message }], isError: true });
  });
});

describe("the score-x-post tool's registration", () => {
  it("describes one text parameter as JSON Schema and is marked read-only", () => {
    expect(SCORE_POST_TOOL.name).toBe(SCORE_POST_TOOL_NAME);
    expect(SCORE_POST_TOOL.inputSchema).toMatchObject({
      type: "object",
      properties: { text: { type: "string", maxLength: OPTIMIZER_TEXT_MAX_LENGTH, description: expect.any(String) } },
      required: ["text"],
    });
    expect(SCORE_POST_TOOL.annotations).toEqual({ readOnlyHint: true });
  });

  it("registers with the signal and unregisters by name where the browser needs that", async () => {
    const registered: WebMcpTool[] = [];
    const modelContext: ModelContext = {
      registerTool: vi.fn(async (tool: WebMcpTool) => {
        registered.push(tool);
      }),
      unregisterTool: vi.fn(),
    };
    const controller = new AbortController();

    await registerScorePostTool(modelContext, controller.signal);
    expect(registered).toEqual([SCORE_POST_TOOL]);
    expect(modelContext.registerTool).toHaveBeenCalledWith(SCORE_POST_TOOL, { signal: controller.signal });

    controller.abort();
    expect(modelContext.unregisterTool).toHaveBeenCalledWith(SCORE_POST_TOOL_NAME);
  });

  it("registers nothing when the page was left while the module loaded", async () => {
    const modelContext: ModelContext = { registerTool: vi.fn() };
    const controller = new AbortController();
    controller.abort();
    await registerScorePostTool(modelContext, controller.signal);
    expect(modelContext.registerTool).not.toHaveBeenCalled();
  });
});
