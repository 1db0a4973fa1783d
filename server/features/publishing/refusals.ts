import type { Context } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { DraftRefusal } from "#server/features/drafts/draft-refusal.ts";
import { PUBLISHING_ERRORS, type PublishingErrorCode } from "#shared/publishing.ts";

/** A refusal of publishing (ADR 0053) with its HTTP status, German message and stable code (ADR 0055). */
export class PublishingRefusal extends Error {
  readonly code: PublishingErrorCode;
  readonly status: 400 | 404 | 409;

  constructor(code: PublishingErrorCode, status: 400 | 404 | 409, message: string = PUBLISHING_ERRORS[code]) {
    super(message);
    this.name = "PublishingRefusal";
    this.code = code;
    this.status = status;
  }
}

/** The routers' onError: a refusal is answered as such; anything else goes to the app's handler. */
export function answerRefusal(error: Error, c: Context<AppEnv>) {
  // Planning a draft and making one from a post (ADR 0084) refuse in the drafts' words.
  if (error instanceof PublishingRefusal || error instanceof DraftRefusal)
    return answerError(c, error.status, error.code, error.message);
  throw error;
}
