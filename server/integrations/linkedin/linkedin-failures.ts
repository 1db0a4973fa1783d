import { type ReasonRule, reasonFrom } from "#server/integrations/social/failure-reasons.ts";
import type { FailureReason } from "#shared/publishing-failures.ts";

// LinkedIn's refusals (`{ status, serviceErrorCode, code, message }`) as classes the owner can act
// on (ADR 0093).
const RULES: readonly ReasonRule[] = [
  { reason: "token-invalid", status: [401] },
  { reason: "token-invalid", says: /INVALID_ACCESS_TOKEN|REVOKED_ACCESS_TOKEN|EXPIRED_ACCESS_TOKEN/ },
  { reason: "usage-limit", status: [429] },
  { reason: "usage-limit", says: /throttle|limit .*reached/i },
  { reason: "duplicate", says: /DUPLICATE_POST|is a duplicate/i },
  { reason: "account-suspended", says: /restricted|suspended|banned|deactivated/i },
  { reason: "too-long", says: /\/commentary.*(length|too long)|too long/i },
  { reason: "media-invalid", says: /\/content\/media|urn:li:image|media|image/i },
  { reason: "permission-missing", says: /ACCESS_DENIED|Not enough permissions|scope/i },
];

export function linkedInFailureReason(status: number, body: unknown): FailureReason {
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  return reasonFrom(RULES, status, [code, message]);
}
