import { type ReasonRule, reasonFrom } from "#server/integrations/social/failure-reasons.ts";
import type { FailureReason } from "#shared/publishing-failures.ts";

// X's refusals (API v2 problem details: `title`, `detail`, `type`, and `errors[].message` for a
// bad parameter) as classes the owner can act on (ADR 0093).
const RULES: readonly ReasonRule[] = [
  { reason: "token-invalid", status: [401] },
  { reason: "usage-limit", status: [402, 429] },
  { reason: "usage-limit", says: /CreditsDepleted|usage-capped|UsageCapExceeded|daily limit|over daily/i },
  { reason: "duplicate", says: /duplicate content/i },
  { reason: "account-suspended", says: /suspended|temporarily locked|account is locked|restricted/i },
  { reason: "too-long", says: /too long|needs to be a bit shorter|text length/i },
  { reason: "media-invalid", says: /media/i },
  {
    reason: "permission-missing",
    says: /not permitted to perform|scope|unsupported-authentication|client-forbidden|oauth1-permissions/i,
  },
];

export type XErrorBody = {
  title?: string;
  detail?: string;
  type?: string;
  errors?: { message?: string }[];
};

export function xFailureReason(status: number, body: XErrorBody | undefined): FailureReason {
  const messages = body?.errors?.map((error) => error.message) ?? [];
  return reasonFrom(RULES, status, [body?.title, body?.detail, body?.type, ...messages]);
}
