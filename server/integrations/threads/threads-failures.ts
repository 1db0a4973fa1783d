import { isMissingObject } from "#server/integrations/meta/meta-insights.ts";
import { type ReasonRule, reasonFrom } from "#server/integrations/social/failure-reasons.ts";
import type { FailureReason } from "#shared/publishing-failures.ts";

// Meta's Graph error body as Threads sends it (`error.message`, `code`, `error_subcode`,
// `is_transient`, `error_user_msg`), sorted as every network's refusals are (ADR 0093, 0098).

export type MetaError = {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_msg?: string;
};

export function metaErrorOf(body: unknown): MetaError | null {
  const error = (body as { error?: unknown } | null)?.error;
  return error && typeof error === "object" ? (error as MetaError) : null;
}

/** Graph codes of a dead or expired token (190) and of a session that ended (102). */
const TOKEN_CODES = new Set([102, 190]);
/** Graph codes of throttling: app (4), user (17), page (32), a call limit of the endpoint (613). */
const THROTTLE_CODES = new Set([4, 17, 32, 613]);

/**
 * The HTTP status a Graph error stands for: Meta answers a dead token and throttling with 400 and
 * a code, so the mapping shared by every network (network-failures.ts) sees 401 and 429, and 404
 * for an object that is not there (a deleted post, ADR 0104).
 */
export function effectiveStatus(status: number, error: MetaError | null): number {
  if (isMissingObject(error)) return 404;
  if (error?.code !== undefined && TOKEN_CODES.has(error.code)) return 401;
  if (error?.code !== undefined && THROTTLE_CODES.has(error.code)) return 429;
  if (error?.is_transient || error?.code === 1 || error?.code === 2) return Math.max(status, 503);
  return status;
}

const RULES: readonly ReasonRule[] = [
  { reason: "token-invalid", status: [401] },
  { reason: "usage-limit", status: [429] },
  { reason: "usage-limit", says: /limit (reached|exceeded)|PUBLISHING_LIMIT|too many/i },
  { reason: "too-long", says: /too long|text length|character limit|500 char/i },
  { reason: "duplicate", says: /duplicate/i },
  { reason: "media-invalid", says: /image|media|aspect ratio|FAILED_DOWNLOADING/i },
  { reason: "account-suspended", says: /suspended|restricted|disabled|checkpoint/i },
  { reason: "permission-missing", says: /permission|not authorized|scope|threads_content_publish/i },
];

export function threadsFailureReason(status: number, body: unknown): FailureReason {
  const error = metaErrorOf(body);
  return reasonFrom(RULES, effectiveStatus(status, error), [error?.message, error?.error_user_msg, error?.type]);
}
