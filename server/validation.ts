import type { Context } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { answerError } from "./api-error.ts";

// Validates a JSON body with a schema from shared/ (docs/design.md: one schema for form and
// route) and answers 400 with the schema's German message. The parsed type flows into
// hc<AppType>, so the browser's client knows the request shape. Messages the schema does
// not word itself (a body that is no object at all) become `fallbackMessage`.
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

/** The parsed value, or 400 with the message of the field at fault (a value that is no object: `fallbackMessage`). */
function parseOrRefuse<Schema extends z.ZodType>(c: Context, schema: Schema, value: unknown, fallbackMessage: string) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue && issue.path.length > 0 ? issue.message : fallbackMessage;
    return answerError(c, 400, "INVALID_INPUT", message);
  }
  return parsed.data as z.output<Schema>;
}
