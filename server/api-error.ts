import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody, ApiErrorCode } from "#shared/api-errors.ts";

/** An API path, a record or a file that is not there. */
export const NOT_FOUND_MESSAGE = "Nicht gefunden";

/** What a service returns when it refuses; the route answers it with answerError. */
export type Refusal<Status extends ContentfulStatusCode> = {
  ok: false;
  status: Status;
  code: ApiErrorCode;
  error: string;
};

/**
 * The one way our server answers an error: `{ error, code }` with the German sentence for people
 * and the stable code for programs (ADR 0055, codes in shared/api-errors.ts).
 */
export function answerError<Status extends ContentfulStatusCode>(
  c: Context,
  status: Status,
  code: ApiErrorCode,
  error: string,
  headers?: Record<string, string>,
) {
  const body: ApiErrorBody = { error, code };
  return c.json(body, status, headers);
}
