import { type ReasonRule, reasonFrom } from "#server/integrations/social/failure-reasons.ts";
import type { FailureReason } from "#shared/publishing-failures.ts";

// Mastodon's refusals (`{ error }`, 422 "Validation failed: …") as classes the owner can act on
// (ADR 0093). Mastodon takes the same text twice: it has no duplicate answer.
const RULES: readonly ReasonRule[] = [
  { reason: "token-invalid", status: [401] },
  { reason: "usage-limit", status: [429] },
  { reason: "permission-missing", status: [403], says: /scope|not permitted|outside the authorized/i },
  { reason: "account-suspended", says: /suspended|disabled|silenced|not approved|not confirmed/i },
  { reason: "too-long", says: /character limit|too long/i },
  { reason: "media-invalid", says: /media|file|attachment|image|processing/i },
];

export function mastodonFailureReason(status: number, body: unknown): FailureReason {
  return reasonFrom(RULES, status, [mastodonErrorOf(body)]);
}

/** Mastodon's error text: `{ error, error_description }` (OAuth) or `{ error }` (the API). */
export function mastodonErrorOf(body: unknown): string | null {
  const { error, error_description } = (body ?? {}) as { error?: unknown; error_description?: unknown };
  if (typeof error !== "string") return null;
  return typeof error_description === "string" ? `${error}: ${error_description}` : error;
}
