import type { Context } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { DraftRefusal } from "#server/features/drafts/draft-refusal.ts";
import { PublishingRefusal } from "#server/features/publishing/refusals.ts";
import { PUBLIC_API_ERRORS } from "#shared/public-api.ts";

type PublicApiCode = Exclude<keyof typeof PUBLIC_API_ERRORS, "INVALID_NAME" | "INVALID_SCOPES">;

/** A refusal of the public API (ADR 0107) with its status, German message and stable code (ADR 0055). */
export class PublicApiRefusal extends Error {
  readonly code: PublicApiCode;
  readonly status: 400 | 401 | 403 | 404 | 409 | 429;

  constructor(code: PublicApiCode, status: PublicApiRefusal["status"], message: string = PUBLIC_API_ERRORS[code]) {
    super(message);
    this.name = "PublicApiRefusal";
    this.code = code;
    this.status = status;
  }
}

/** onError of the API's routers: its own refusals and those of the services it reuses. */
export function answerPublicApiRefusal<E extends AppEnv>(error: Error, c: Context<E>) {
  if (error instanceof PublicApiRefusal || error instanceof PublishingRefusal || error instanceof DraftRefusal)
    return answerError(c, error.status, error.code, error.message);
  throw error;
}
