import type { Context } from "hono";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { PUBLISHING_ERRORS, type PublishingErrorCode } from "#shared/publishing.ts";

/** A refusal of publishing (ADR 0053) with its HTTP status, German message and stable code (ADR 0055). */
export class PublishingRefusal extends Error {
  constructor(
    readonly code: PublishingErrorCode,
    readonly status: 400 | 404 | 409,
    message: string = PUBLISHING_ERRORS[code],
  ) {
    super(message);
    this.name = "PublishingRefusal";
  }
}

/** The routers' onError: a refusal is answered as such; anything else goes to the app's handler. */
export function answerRefusal(error: Error, c: Context<AppEnv>) {
  if (error instanceof PublishingRefusal) return answerError(c, error.status, error.code, error.message);
  throw error;
}
