// Every error answer of our API is `{ error, code }` (ADR 0055): `error` is the German sentence a
// person reads, `code` one of these, which a program decides by. A code is never translated,
// renamed or reused for another meaning; new ones may be added. Better Auth's answers under
// /api/auth keep their own `{ message, code }`.
export const API_ERROR_CODES = [
  // The request itself
  "INVALID_INPUT",
  "UNREADABLE_REQUEST",
  "REQUEST_TOO_LARGE",
  "ORIGIN_REFUSED",
  "INVALID_SIGNATURE",
  "INVALID_LINK",
  // Who asks
  "NOT_SIGNED_IN",
  "NOT_ADMIN",
  "TWO_FACTOR_REQUIRED",
  "ACCESS_CODE_REQUIRED",
  "ACCESS_CODE_WRONG",
  "PREMIUM_REQUIRED",
  "TRIAL_EXPIRED",
  "NO_CREDITS",
  "PRO_ALLOWANCE_USED",
  "PUBLISHING_CAP_REACHED",
  // What was asked for
  "NOT_FOUND",
  "PROFILE_NOT_FOUND",
  "NO_SUBSCRIPTION",
  "PAYMENTS_DISABLED",
  "CHANGED_MEANWHILE",
  "NAME_TAKEN",
  "CONFIGURATION_IN_USE",
  "PLAN_FROM_STRIPE",
  "PLAN_NOT_RUNNING",
  "ALREADY_SUBSCRIBED",
  "TRIAL_NOT_NEEDED",
  "TRIAL_USED",
  // ADR 0114: the generator asked for the user's own examples without enough posts with figures
  "TOO_FEW_OWN_EXAMPLES",
  "EMAIL_TAKEN",
  // Publishing (ADR 0053, 0066); their German messages are PUBLISHING_ERRORS in shared/publishing.ts
  "POST_EMPTY",
  "POST_TOO_LONG",
  "IMAGE_REQUIRED",
  "TIME_IN_PAST",
  "TIME_TOO_FAR",
  "ACCOUNT_NOT_FOUND",
  "ACCOUNT_NEEDS_RECONNECT",
  "ARCHIVE_ENTRY_NOT_FOUND",
  "IMAGE_NOT_FOUND",
  "POST_NOT_FOUND",
  "POST_NOT_EDITABLE",
  "NETWORK_NOT_CONFIGURED",
  "NETWORK_WRONG_CONNECT",
  "NETWORK_UNAVAILABLE",
  "CREDENTIALS_REJECTED",
  "INSTANCE_REFUSED",
  "OAUTH_STATE_INVALID",
  "OAUTH_DENIED",
  "NOTIFICATION_NOT_FOUND",
  "THREAD_NOT_SUPPORTED",
  "THREAD_NOT_RESUMABLE",
  "RESEND_NOT_CONFIRMED",
  "TOO_MANY_HASHTAGS",
  "ACCOUNT_CHOICE_INVALID",
  "IMAGE_LINK_EXPIRED",
  // Drafts (ADR 0084); their German messages are DRAFT_ERRORS in shared/drafts.ts
  "DRAFT_NOT_FOUND",
  "DRAFT_CONFLICT",
  "DRAFT_LIMIT_REACHED",
  "DRAFT_ALREADY_PLANNED",
  "POST_NOT_REDRAFTABLE",
  "THREAD_PARTLY_SENT",
  // Public API (ADR 0107, 0109); their German messages are PUBLIC_API_ERRORS in shared/public-api.ts
  "API_KEY_MISSING",
  "API_KEY_INVALID",
  "OAUTH_TOKEN_INVALID",
  "SCOPE_MISSING",
  "API_NOT_IN_PLAN",
  "API_KEY_NOT_FOUND",
  "API_KEY_LIMIT_REACHED",
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_IN_PROGRESS",
  "NO_FREE_SLOT",
  "NOT_AVAILABLE_YET",
  // Webhooks (ADR 0110); their German messages are WEBHOOK_ERRORS in shared/webhooks.ts
  "WEBHOOK_NOT_FOUND",
  "WEBHOOK_LIMIT_REACHED",
  "WEBHOOK_URL_INVALID",
  "WEBHOOK_URL_NOT_PUBLIC",
  // Come back later
  "TOO_MANY_REQUESTS",
  "TOO_MANY_GENERATIONS",
  "SERVER_BUSY",
  "DATABASE_UNAVAILABLE",
  // Our side or a provider's
  "SERVER_ERROR",
  "AI_FAILED",
  "AI_TIMEOUT",
  "MAIL_FAILED",
  "PAYMENT_PROVIDER_FAILED",
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The body of every error answer of our API. */
export type ApiErrorBody = { error: string; code: ApiErrorCode };

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return (API_ERROR_CODES as readonly unknown[]).includes(value);
}
