import type { Context } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { DRAFT_ERRORS, type DraftErrorCode } from "#shared/drafts.ts";

/** A refusal about drafts (ADR 0084) with its HTTP status, German message and stable code (ADR 0055). */
export class DraftRefusal extends Error {
  readonly code: DraftErrorCode;
  readonly status: 400 | 404 | 409;

  constructor(code: DraftErrorCode, status: 400 | 404 | 409, message: string = DRAFT_ERRORS[code]) {
    super(message);
    this.name = "DraftRefusal";
    this.code = code;
    this.status = status;
  }
}

/** The routers' onError: a refusal is answered as such; anything else goes on to `next` or the app's handler. */
export function answerDraftRefusal(error: Error, c: Context<AppEnv>) {
  if (error instanceof DraftRefusal) return answerError(c, error.status, error.code, error.message);
  throw error;
}
