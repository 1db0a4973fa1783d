import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { DepsOverrides } from "#server/bootstrap.ts";
import { user } from "#server/db/schema/auth.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/connections/account-tokens.ts";
import type { TokenSet } from "#server/integrations/social/social-network.ts";
import type { NetworkId } from "#shared/networks.ts";
import { createTestApp } from "../setup/test-app.ts";
import { createScriptedNetworks, tokensFor } from "./scripted-network.ts";

// The publishing core on the real database with scripted networks and a mail recorder (ADR 0053).
export async function createPublishingTestApp(options: { overrides?: DepsOverrides; latencyMs?: number } = {}) {
  const networks = createScriptedNetworks({ latencyMs: options.latencyMs });
  const mails: { to: string; subject: string; text: string }[] = [];
  const app = await createTestApp({
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

  return { ...app, networks, mails, createUser, connectAccount, publication, account };
}
