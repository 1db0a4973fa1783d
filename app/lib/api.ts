import { hc } from "hono/client";
import type { AppType } from "#server/app.ts";

// The typed API client: request and response types come from the server's routes.
export const api = hc<AppType>("/api");

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const FALLBACK_ERROR = "Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.";

// Turns a failed response into an ApiError carrying the server's German message.
// Usage: `if (!response.ok) throw await toApiError(response);`
export async function toApiError(response: { status: number; json: () => Promise<unknown> }) {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  const message = typeof body?.error === "string" ? body.error : FALLBACK_ERROR;
  return new ApiError(message, response.status);
}
