import { and, eq, isNotNull, lt } from "drizzle-orm";
import { socialAccounts } from "#server/db/schema/publishing.ts";
import { type AccountDeps, usableTokens } from "#server/features/account-tokens/account-tokens.ts";
import { NETWORK_IDS } from "#shared/networks.ts";

// Networks whose long-lived tokens are renewed well ahead of expiry (Threads: 60 days, renewed
// once a few days old, ADR 0098) are renewed here too, so an account that posts nothing for two
// months stays connected. Each renewal goes through usableTokens: once across servers, under the
// account's lease, with no transaction held during the call (ADR 0079).

const BATCH = 50;

export async function renewAgingTokens(deps: AccountDeps, now = new Date()): Promise<number> {
  let renewed = 0;
  for (const network of NETWORK_IDS) {
    const aheadMs = deps.networks[network].refreshAheadMs;
    if (aheadMs === undefined) continue;
    const due = await deps.db
      .select({ id: socialAccounts.id })
      .from(socialAccounts)
      .where(
        and(
          eq(socialAccounts.network, network),
          eq(socialAccounts.status, "connected"),
          isNotNull(socialAccounts.accessTokenExpiresAt),
          lt(socialAccounts.accessTokenExpiresAt, new Date(now.getTime() + aheadMs)),
        ),
      )
      .limit(BATCH);
    for (const account of due) if ((await usableTokens(deps, account.id, now)).kind === "ok") renewed += 1;
  }
  return renewed;
}
