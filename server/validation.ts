import type { Context } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { answerError } from "./api-error.ts";

// Validates a JSON body with a schema from shared/ (docs/design.md: one schema for form and
// route) and answers 400 with the schema's German message. The parsed type flows into
// hc<AppType>, so the browser's client knows the request shape. Messages the schema does
// not word itself (a body that is no object at all, a field without its own message) become
// `fallbackMessage`.
export function validateJson<Schema extends z.ZodType>(schema: Schema, fallbackMessage: string) {
  return validator("json", (value, c) => parseOrRefuse(c, schema, value, fallbackMessage));
}

/**
 * Validates query parameters with a schema from shared/ and answers 400 with the schema's German
 * message for the parameter at fault (a bad page is not a too-long search), else `fallbackMessage`.
 */
export function validateQuery<Schema extends z.ZodType>(schema: Schema, fallbackMessage: string) {
  return validator("query", (value, c) => parseOrRefuse(c, schema, value, fallbackMessage));
}

function parseOrRefuse<Schema extends z.ZodType>(c: Context, schema: Schema, value: unknown, fallbackMessage: string) {
  const parsed = parseWithMessage(schema, value, fallbackMessage);
  if (!parsed.success) return answerError(c, 400, "INVALID_INPUT", parsed.message);
  return parsed.data;
}

export type ParsedOrMessage<T> = { success: true; data: T } | { success: false; message: string };

/**
 * The parsed value, or the German message for the first problem (ADR 0080): the schema's own
 * words for the field at fault; `fallbackMessage` for a value that is no object at all and for a
 * field whose schema words no message, so zod's generic text never reaches a client.
 */
export function parseWithMessage<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  fallbackMessage: string,
): ParsedOrMessage<z.output<Schema>> {
  // A parse-level error map ranks below the schema's own messages and above zod's locale.
  const parsed = schema.safeParse(value, { error: () => fallbackMessage });
  if (parsed.success) return { success: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  return { success: false, message: issue && issue.path.length > 0 ? issue.message : fallbackMessage };
}
