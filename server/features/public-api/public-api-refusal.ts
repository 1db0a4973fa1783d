import type { Context } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { DraftRefusal } from "#server/features/drafts/draft-refusal.ts";
import { PublishingRefusal } from "#server/features/publishing/refusals.ts";
import type { ApiErrorCode } from "#shared/api-errors.ts";
import { PUBLIC_API_ERRORS } from "#shared/public-api.ts";

type PublicApiCode = Exclude<keyof typeof PUBLIC_API_ERRORS, "INVALID_NAME" | "INVALID_SCOPES">;
type Status = 400 | 401 | 402 | 403 | 404 | 409 | 429 | 500 | 502;

/**
 * A refusal of the public API (ADR 0107) with its status, German message and stable code (ADR
 * 0055). A code of another feature (the generator's NO_CREDITS) brings that feature's message.
 */
export class PublicApiRefusal extends Error {
  readonly code: ApiErrorCode;
  readonly status: Status;

  constructor(code: PublicApiCode, status: Status, message?: string);
  constructor(code: ApiErrorCode, status: Status, message: string);
  constructor(code: ApiErrorCode, status: Status, message?: string) {
    super(message ?? PUBLIC_API_ERRORS[code as PublicApiCode]);
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
