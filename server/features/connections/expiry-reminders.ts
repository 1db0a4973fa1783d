import { and, eq, gt, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { socialAccounts } from "#server/db/schema/publishing.ts";
import { notify } from "#server/features/notifications/notifications.service.ts";
import { userTimeZone } from "#server/features/profile/time-zone.service.ts";
import { composeConnectionExpiringMail } from "#server/integrations/mail/mail-templates.ts";
import { NETWORKS } from "#shared/networks.ts";
import { CONNECTIONS_PATH, NOTIFICATION_MESSAGES } from "#shared/publishing.ts";

// LinkedIn gives ordinary apps no refresh token: a connection ends after 60 days (ADR 0053). The
// user gets one reminder 7 days and one 1 day before, with a link to reconnect. Each goes out once
// however many servers sweep: the UPDATE that records it is the claim.

// Nearest first: a sweep that comes late (server down) sends only the reminder that still matters.
export const REMINDER_DAYS = [1, 7] as const;
const DAY_MS = 86_400_000;

export async function sendExpiryReminders(
  deps: Pick<AppDeps, "db" | "mailer" | "logger" | "env">,
  now = new Date(),
): Promise<number> {
  let sent = 0;
  for (const days of REMINDER_DAYS) {
    const claimed = await deps.db
      .update(socialAccounts)
      .set({ remindedDaysBefore: days })
      .where(
        and(
          eq(socialAccounts.status, "connected"),
          isNotNull(socialAccounts.connectionExpiresAt),
          gt(socialAccounts.connectionExpiresAt, now),
          lte(socialAccounts.connectionExpiresAt, new Date(now.getTime() + days * DAY_MS)),
          or(isNull(socialAccounts.remindedDaysBefore), gt(socialAccounts.remindedDaysBefore, days)),
        ),
      )
      .returning();
    for (const account of claimed) {
      const network = NETWORKS[account.network].label;
      await notify(deps, {
        userId: account.userId,
        kind: "expiring",
        accountId: account.id,
        message: NOTIFICATION_MESSAGES.expiring(network, account.handle, days),
        mail: composeConnectionExpiringMail({
          network,
          account: account.handle,
          expiresAt: account.connectionExpiresAt ?? now,
          url: `${deps.env.BASE_URL}${CONNECTIONS_PATH}`,
          timeZone: await userTimeZone(deps.db, account.userId),
        }),
      });
      sent += 1;
    }
  }
  return sent;
}
