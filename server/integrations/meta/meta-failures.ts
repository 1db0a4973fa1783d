import { type ReasonRule, reasonFrom } from "#server/integrations/social/failure-reasons.ts";
import type { FailureReason } from "#shared/publishing-failures.ts";

// Meta's refusals (`{ error: { message, type, code, error_subcode } }`) as classes the owner can
// act on (ADR 0093, 0096). Graph names the class by `code`, not by the HTTP status.

/** Graph's rate limits: application (4), user (17), page (32), custom, e.g. posting too fast (613). */
export const META_RATE_LIMIT_CODES: readonly number[] = [4, 17, 32, 613];
/** An access token that is invalid, expired or revoked. */
export const META_TOKEN_INVALID_CODE = 190;
/** Graph's temporary failures ("An unknown error occurred", "Service temporarily unavailable"). */
export const META_TEMPORARY_CODES: readonly number[] = [1, 2];

const RULES: readonly ReasonRule[] = [
  { reason: "token-invalid", says: /^190\b/ },
  { reason: "usage-limit", says: /^(4|17|32|613)\b|^9\b.*limit/ },
  { reason: "duplicate", says: /^506\b|duplicate/i },
  { reason: "account-suspended", says: /^368\b|blocked|restricted|suspended/i },
  { reason: "permission-missing", says: /^(10|200|3|294|283)\b|permission/i },
  { reason: "too-long", says: /too long|caption.*(length|characters)/i },
  { reason: "media-invalid", says: /^(324|9004|36003|36001|2207\d+)\b|image|photo|media/i },
];

export type GraphError = { message?: unknown; code?: unknown; error_subcode?: unknown; type?: unknown };

export function graphErrorOf(body: unknown): GraphError {
  const { error } = (body ?? {}) as { error?: GraphError };
  return error ?? {};
}

export function metaFailureReason(status: number, body: unknown): FailureReason {
  const error = graphErrorOf(body);
  return reasonFrom(RULES, status, [`${String(error.code ?? "")} ${String(error.message ?? "")}`]);
}
