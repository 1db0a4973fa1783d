import { hc } from "hono/client";
import type { AppType } from "#server/app.ts";
import { type ApiErrorCode, isApiErrorCode } from "#shared/api-errors.ts";

// The typed API client: request and response types come from the server's routes.
export const api = hc<AppType>("/api");

/**
 * A failed API answer: `message` is the server's German sentence for people, `code` what the
 * page decides by (ADR 0055); null when the answer did not come from our API (a proxy's page).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | null;

  constructor(message: string, status: number, code: ApiErrorCode | null) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const FALLBACK_ERROR = "Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.";

// Turns a failed response into an ApiError carrying the server's German message and code.
// Usage where the answer is read in another way: `if (!response.ok) throw await toApiError(response);`
export async function toApiError(response: { status: number; json: () => Promise<unknown> }) {
  const body = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null;
  const message = typeof body?.error === "string" ? body.error : FALLBACK_ERROR;
  return new ApiError(message, response.status, isApiErrorCode(body?.code) ? body.code : null);
}

export type Answer = { ok: boolean; status: number; json: () => Promise<unknown> };
/** What `json()` gives for the answer's successful statuses (the narrowing of `response.ok`). */
type SuccessBody<A extends Answer> = Awaited<ReturnType<Exclude<A, { ok: false }>["json"]>>;

/**
 * The body of a successful answer; a failed one is thrown as its ApiError. The usual end of an
 * API call: `return jsonOrThrow(await api.profile.$get());`
 */
export async function jsonOrThrow<A extends Answer>(response: A): Promise<SuccessBody<A>> {
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as SuccessBody<A>;
}

/** Whether `error` is the API's refusal with this code; the page never compares German sentences. */
export function isApiError(error: unknown, code: ApiErrorCode): boolean {
  return error instanceof ApiError && error.code === code;
}
