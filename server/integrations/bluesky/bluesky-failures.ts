import { type ReasonRule, reasonFrom } from "#server/integrations/social/failure-reasons.ts";
import type { FailureReason } from "#shared/publishing-failures.ts";

// Bluesky's refusals (XRPC `{ error, message }`) as classes the owner can act on (ADR 0093).
// Bluesky takes the same text twice, and an app password may always post: it has no duplicate and
// no missing-permission answer.
const RULES: readonly ReasonRule[] = [
  { reason: "token-invalid", status: [401] },
  { reason: "token-invalid", says: /ExpiredToken|InvalidToken|AuthenticationRequired/ },
  { reason: "usage-limit", status: [429] },
  { reason: "account-suspended", says: /AccountTakedown|AccountDeactivated|AccountSuspended|taken down|suspended/i },
  { reason: "too-long", says: /longer than|too long/i },
  { reason: "media-invalid", says: /Blob|image|embed|mime/i },
];

export function blueskyFailureReason(
  status: number,
  error: string | undefined,
  message: string | undefined,
): FailureReason {
  return reasonFrom(RULES, status, [error, message]);
}
