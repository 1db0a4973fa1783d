import type { ModelContext, WebMcpTool, WebMcpToolResult } from "#app/lib/webmcp.ts";
import { z } from "#app/lib/zod.ts";
import {
  OPTIMIZER_ERRORS,
  OPTIMIZER_TEXT_MAX_LENGTH,
  POST_LENGTH_MAX,
  POST_LENGTH_MIN,
  POST_SCORE_MAX,
} from "#shared/optimizer.ts";
import { evaluatePost } from "#shared/post-metrics.ts";
import { textField } from "#shared/text.schemas.ts";
import { CRITERION_TEXTS } from "./criteria-texts.ts";

// The optimizer's scoring as a WebMCP tool (ADR 0033): the same six criteria and the same
// weighted length as the score panel, from shared/post-metrics.ts. Loaded only in browsers
// that have a model context (xposter-evaluator.tsx).

export const SCORE_POST_TOOL_NAME = "score-x-post";

const SCORE_POST_BLANK = "Kein Text zur Bewertung vorhanden.";
const SCORE_POST_INPUT_INVALID = "Erwartet wird ein Objekt mit dem Text des Posts im Feld „text“.";

const ScorePostInputSchema = z.object(
  {
    text: textField(SCORE_POST_BLANK)
      .max(OPTIMIZER_TEXT_MAX_LENGTH, { error: OPTIMIZER_ERRORS.textTooLong })
      .refine((text) => text.trim() !== "", { error: SCORE_POST_BLANK })
      .describe("Der vollständige Text des X-Posts, so wie er gepostet werden soll."),
  },
  { error: SCORE_POST_INPUT_INVALID },
);

function result(data: unknown, isError = false): WebMcpToolResult {
  const text = typeof data === "string" ? data : JSON.stringify(data);
  return isError
    ? { content: [{ type: "text", text }], isError }
    : { content: [{ type: "text", text }], structuredContent: data };
}

export async function scorePost(input: unknown): Promise<WebMcpToolResult> {
  const parsed = ScorePostInputSchema.safeParse(input);
  if (!parsed.success) return result(parsed.error.issues.map((issue) => issue.message).join(" "), true);
  const { metrics, criteria, score } = evaluatePost(parsed.data.text);
  return result({
    score,
    scoreMax: POST_SCORE_MAX,
    /** X's weighted length: links count 23, emojis and characters like "€" twice. */
    weightedLength: metrics.adjustedLength,
    weightedLengthRange: { min: POST_LENGTH_MIN, max: POST_LENGTH_MAX },
    criteria: criteria.map(({ id, passed, value, percent }) => ({
      id,
      label: CRITERION_TEXTS[id].label,
      passed,
      value,
      percent,
      detail: CRITERION_TEXTS[id].describe(value),
    })),
  });
}

export const SCORE_POST_TOOL: WebMcpTool = {
  name: SCORE_POST_TOOL_NAME,
  title: "X-Post bewerten",
  description: `Bewertet einen Post für X (Twitter) mit den sechs Kriterien des X-Post Optimizers von Postwerk: Länge nach X-Regeln (${POST_LENGTH_MIN} bis ${POST_LENGTH_MAX} gewichtete Zeichen), Erwähnungen, Hashtags, Ausrufezeichen, Satzlänge und Wörter. Gibt die Punktzahl (0 bis ${POST_SCORE_MAX}), die gewichtete Länge und je Kriterium bestanden/nicht bestanden mit Messwert zurück. Verändert nichts.`,
  inputSchema: z.toJSONSchema(ScorePostInputSchema, { io: "input" }),
  execute: scorePost,
  annotations: { readOnlyHint: true },
};

/** Registers the tool until `signal` aborts (the page is left). */
export async function registerScorePostTool(modelContext: ModelContext, signal: AbortSignal) {
  // The page may have been left while this module loaded.
  if (signal.aborted) return;
  signal.addEventListener("abort", () => modelContext.unregisterTool?.(SCORE_POST_TOOL_NAME), { once: true });
  await modelContext.registerTool(SCORE_POST_TOOL, { signal });
}
