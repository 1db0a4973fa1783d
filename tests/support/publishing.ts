import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { DepsOverrides } from "#server/bootstrap.ts";
import { user } from "#server/db/schema/auth.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import type { TokenSet } from "#server/integrations/social/social-network.ts";
import type { NetworkId } from "#shared/networks.ts";
import type { PublicationStatus } from "#shared/publishing-states.ts";
import { DEFAULT_TIME_ZONE, toWallTime, wallTimeToInstant } from "#shared/wall-time.ts";
import { createTestApp } from "../setup/test-app.ts";
import { createScriptedNetworks, tokensFor } from "./scripted-network.ts";

// The publishing core on the real database with scripted networks and a mail recorder (ADR 0053).
export async function createPublishingTestApp(
  options: { overrides?: DepsOverrides; latencyMs?: number; env?: Record<string, string> } = {},
) {
  const networks = createScriptedNetworks({ latencyMs: options.latencyMs });
  const mails: { to: string; subject: string; text: string }[] = [];
  const app = await createTestApp({
    env: options.env,
    overrides: {
      networks,
      mailer: {
        send: async (mail) => {
          mails.push({ to: mail.to, subject: mail.subject, text: mail.text });
        },
      },
      ...options.overrides,
    },
  });

  async function createUser(): Promise<string> {
    const id = `user-${crypto.randomBytes(6).toString("hex")}`;
    await app.db.insert(user).values({ id, name: "Test", email: `${id}@example.test`, emailVerified: true });
    return id;
  }

  /** An account as a completed connect leaves it, with these tokens. */
  async function connectAccount(
    userId: string,
    network: NetworkId,
    tokens: TokenSet = tokensFor("t-access", "t-refresh"),
  ) {
    const id = crypto.randomUUID();
    await app.db.insert(socialAccounts).values({
      id,
      userId,
      network,
      externalId: `${network}-${id}`,
      handle: `@${network}-user`,
      displayName: "Test",
      profileUrl: null,
      ...tokenColumns(app.deps.tokenBox, id, tokens, null),
    });
    return id;
  }

  async function publication(id: string) {
    const [row] = await app.db.select().from(publications).where(eq(publications.id, id));
    if (!row) throw new Error(`publication ${id} missing`);
    return row;
  }

  async function account(id: string) {
    const [row] = await app.db.select().from(socialAccounts).where(eq(socialAccounts.id, id));
    return row ?? null;
  }

  /** A publication row as the queue finds it, written directly: due at `due`, in `status`. */
  async function insertPublication(post: {
    userId: string;
    accountId: string;
    network: NetworkId;
    text: string;
    due?: Date;
    status?: PublicationStatus;
    postCount?: number;
  }) {
    const due = post.due ?? new Date();
    const [row] = await app.db
      .insert(publications)
      .values({
        batchId: crypto.randomUUID(),
        userId: post.userId,
        accountId: post.accountId,
        network: post.network,
        accountHandle: `@${post.network}-user`,
        text: post.text,
        scheduledAt: due,
        nextAttemptAt: due,
        status: post.status ?? "planned",
        postCount: post.postCount ?? 1,
      })
      .returning();
    if (!row) throw new Error("publication not written");
    return row;
  }

  return { ...app, networks, mails, createUser, connectAccount, publication, account, insertPublication };
}

/**
 * A Monday in Berlin a few weeks from today, as "YYYY-MM-DD", and a day after it: planned times
 * for tests that plan through the API with the real clock, inside the planning horizon (ADR 0077).
 */
export function mondayAhead(weeks = 4, plusDays = 0): string {
  const today = new Date(`${toWallTime(new Date(), DEFAULT_TIME_ZONE).date}T12:00:00Z`);
  const toMonday = (8 - today.getUTCDay()) % 7 || 7;
  const day = new Date(today.getTime() + (toMonday + (weeks - 1) * 7 + plusDays) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** The instant of a wall time in `zone` (Berlin unless given), as the API answers it. */
export function berlinIso(date: string, time: string, zone = DEFAULT_TIME_ZONE): string {
  const instant = wallTimeToInstant(date, time, zone);
  if (!instant) throw new Error(`no such time in ${zone}: ${date} ${time}`);
  return instant.toISOString();
}
