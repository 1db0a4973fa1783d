import type { Database } from "#server/db/client.ts";
import { consumeRateLimit } from "#server/features/rate-limit/rate-limit.service.ts";
import { MAILS_PER_RECIPIENT_PER_HOUR } from "#shared/account-security.ts";
import { accountKey } from "./sign-in-throttle.ts";

// Mails anybody can trigger for any address (reset and confirmation links) are limited per
// recipient as well as per client address (ADR 0044): nobody can flood a stranger's inbox by
// changing addresses. The limit counts every address alike, with or without an account, so
// its answer says nothing about whether one exists.

export type RecipientMailKind = "password-reset" | "confirmation";

const HOUR_MS = 60 * 60 * 1000;

export function consumeRecipientLimit(db: Database, kind: RecipientMailKind, email: string, now = Date.now()) {
  return consumeRateLimit(
    db,
    { name: `mail-${kind}`, max: MAILS_PER_RECIPIENT_PER_HOUR, windowMs: HOUR_MS },
    accountKey(email),
    now,
  );
}
