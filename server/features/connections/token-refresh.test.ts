import crypto from "node:crypto";
import { setTimeout as pause } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import {
  openTokens,
  refreshAfterRejection,
  tokenColumns,
  usableTokens,
} from "#server/features/account-tokens/account-tokens.ts";
import { processPublication } from "#server/features/publishing/delivery.service.ts";
import { createPosts } from "#server/features/publishing/publishing.service.ts";
import type { TokenSet } from "#server/integrations/social/social-network.ts";
import { connectThroughFake } from "../../../tests/mocks/social-fake.ts";
import { startXFake, type XFake } from "../../../tests/mocks/x-server.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { openSharedTestDatabase } from "../../../tests/setup/test-database.ts";
import { mondayAhead } from "../../../tests/support/publishing.ts";

// Refreshing an account's tokens under a lease (ADR 0079), against the X fake's token endpoint,
// whose answer a test holds back with an event: no transaction and no row lock while X is asked,
// one refresh across servers. On PostgreSQL two app servers share the database; on PGlite (one
// process) the "second server" is a second worker of the same app.

const postgres = Boolean(inject("testDatabaseUrl"));
const shared = await openSharedTestDatabase(2);

let x: XFake;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  x = await startXFake();
  a = await createTestApp({ env: x.env, database: shared?.handles[0] });
  b = shared ? await createTestApp({ env: x.env, database: shared.handles[1] }) : a;
});
afterAll(async () => {
  // Lets go of any answer a failed test still holds, so the apps can close.
  await x?.close();
  await a?.close();
  if (b !== a) await b?.close();
  await shared?.close();
});

const NOW = new Date();
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

/** A signed-in user with an X account connected through the fake; our copy says the access token ends at `expiresAt`. */
async function xAccount(expiresAt: Date) {
  const name = `konto${crypto.randomBytes(4).toString("hex")}`;
  const email = `${name}@example.test`;
  const cookie = await a.signUpAndConfirm(email);
  const [owner] = await a.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const tokens: TokenSet = { ...(await connectThroughFake(a.deps.networks.x, name)), accessTokenExpiresAt: expiresAt };
  const accountId = crypto.randomUUID();
  await a.db.insert(socialAccounts).values({
    id: accountId,
    userId: owner?.id ?? "",
    network: "x",
    externalId: name,
    handle: `@${name}`,
    displayName: name,
    ...tokenColumns(a.deps.tokenBox, accountId, tokens, null),
  });
  return { name, cookie, userId: owner?.id ?? "", accountId, tokens };
}

async function stored(accountId: string) {
  const [row] = await a.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
  if (!row) throw new Error("Konto fehlt");
  return { row, tokens: openTokens(a.deps.tokenBox, accountId, row.tokens) };
}

const okTokens = (result: Awaited<ReturnType<typeof usableTokens>>) => {
  if (result.kind !== "ok") throw new Error(`ok erwartet, bekommen: ${result.kind}`);
  return result.tokens;
};

/** On PostgreSQL: until `work` is done or one of its statements waits for a lock (the old design's deadlock chain). */
async function untilDoneOrWaitingForALock(work: Promise<unknown>) {
  let done = false;
  void work.finally(() => {
    done = true;
  });
  while (!done) {
    const rows = await a.db.execute(sql`select count(*)::int as n from pg_locks where not granted`);
    const [waiting] = (Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows) as { n: number }[];
    if ((waiting?.n ?? 0) > 0) return;
    await pause(20);
  }
}

describe("refreshing tokens under a lease (ADR 0079)", () => {
  it("lets the queue send and the user plan while X takes its time with a refresh", async () => {
    const { cookie, userId, accountId } = await xAccount(minutes(2));
    const held = x.hold("token");
    try {
      const refreshing = usableTokens(a.deps, accountId, NOW);
      await held.arrived;
      // Another post of the account, sent by a worker whose look at the tokens came a few minutes
      // earlier (no refresh needed yet): its claim touches the account's row.
      const earlier = minutes(-10);
      const [other] = await createPosts(
        a.deps,
        userId,
        { targets: [{ accountId, text: "Während des Refresh" }] },
        earlier,
      );
      const sending = processPublication(a.deps, other?.id ?? "", earlier);
      if (postgres) await untilDoneOrWaitingForALock(sending);

      const planned = await a.request("/api/posts", {
        method: "POST",
        cookie,
        body: JSON.stringify({
          targets: [{ accountId, text: "Geplant, während X noch antwortet" }],
          plannedFor: { date: mondayAhead(), time: "09:15" },
        }),
      });
      expect(planned.status).toBe(201);
      await sending;
      const [sent] = await a.db
        .select()
        .from(publications)
        .where(eq(publications.id, other?.id ?? ""));
      expect(sent?.status).toBe("sent");

      held.release();
      const fresh = okTokens(await refreshing);
      expect((await stored(accountId)).tokens.accessToken).toBe(fresh.accessToken);
    } finally {
      held.release();
    }
  });

  /** Server A's refresh is held at X while server B needs the tokens too; B says it waits before A gets its answer. */
  async function bothAtOnce(accountId: string) {
    const waiting = vi.spyOn(b.deps.logger, "debug");
    const held = x.hold("token");
    try {
      const first = usableTokens(a.deps, accountId, NOW);
      await held.arrived;
      const second = usableTokens(b.deps, accountId, NOW);
      await vi.waitFor(() => expect(waiting).toHaveBeenCalledWith({ accountId }, expect.any(String)));
      held.release();
      return (await Promise.all([first, second])).map(okTokens);
    } finally {
      held.release();
      waiting.mockRestore();
    }
  }

  it("redeems the refresh token once when two servers need it at the same time; both get the new token", async () => {
    const { accountId, tokens } = await xAccount(minutes(-1));
    const before = x.requestsTo("token");
    const [one, two] = await bothAtOnce(accountId);
    expect(x.requestsTo("token") - before).toBe(1);
    const { row, tokens: now } = await stored(accountId);
    expect(now.accessToken).not.toBe(tokens.accessToken);
    expect(now.refreshToken).not.toBe(tokens.refreshToken);
    expect([one?.accessToken, two?.accessToken]).toEqual([now.accessToken, now.accessToken]);
    expect([row.refreshLeaseId, row.refreshLeaseUntil]).toEqual([null, null]);
  });

  it("waits for the other server's refresh even while the old token is still valid, and sends with the new one", async () => {
    const { accountId, tokens } = await xAccount(minutes(3));
    const [one, two] = await bothAtOnce(accountId);
    expect(one?.accessToken).not.toBe(tokens.accessToken);
    expect(two?.accessToken).toBe(one?.accessToken);
  });

  it("takes over the lease a killed server left behind", async () => {
    const { accountId, tokens } = await xAccount(minutes(-1));
    await a.db
      .update(socialAccounts)
      .set({ refreshLeaseId: "killed-server", refreshLeaseUntil: sql`now() - interval '1 second'` })
      .where(eq(socialAccounts.id, accountId));
    const before = x.requestsTo("token");
    const fresh = okTokens(await usableTokens(b.deps, accountId, NOW));
    expect(x.requestsTo("token") - before).toBe(1);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    const { row } = await stored(accountId);
    expect([row.status, row.refreshLeaseId, row.refreshLeaseUntil]).toEqual(["connected", null, null]);
  });

  it("stores a result that came after its lease ran out, and the server that took over does not disconnect", async () => {
    const { accountId, tokens } = await xAccount(minutes(-1));
    const held = x.hold("token");
    try {
      const stalled = usableTokens(a.deps, accountId, NOW);
      await held.arrived;
      // The first server stalls past its lease (as the database's clock sees it) …
      await a.db
        .update(socialAccounts)
        .set({ refreshLeaseUntil: sql`now() - interval '1 second'` })
        .where(eq(socialAccounts.id, accountId));
      // … the second takes over and finds the refresh token spent: not a revocation, just not now.
      expect(await usableTokens(b.deps, accountId, NOW)).toEqual({ kind: "unavailable" });
      expect((await stored(accountId)).row.status).toBe("connected");
      held.release();
      const late = okTokens(await stalled);
      const { row, tokens: now } = await stored(accountId);
      expect(now.accessToken).toBe(late.accessToken);
      expect(now.refreshToken).not.toBe(tokens.refreshToken);
      expect([row.status, row.refreshLeaseId]).toEqual(["connected", null]);
      expect(okTokens(await usableTokens(b.deps, accountId, NOW)).accessToken).toBe(late.accessToken);
    } finally {
      held.release();
    }
  });
});

describe("refreshAfterRejection: one refresh before a 401 counts as revoked", () => {
  it("refreshes a token that has not expired, once for two servers that were both refused", async () => {
    const { accountId, tokens } = await xAccount(minutes(90));
    const before = x.requestsTo("token");
    const held = x.hold("token");
    try {
      const first = refreshAfterRejection(a.deps, accountId, tokens, NOW);
      await held.arrived;
      const second = refreshAfterRejection(b.deps, accountId, tokens, NOW);
      held.release();
      const [one, two] = (await Promise.all([first, second])).map(okTokens);
      expect(x.requestsTo("token") - before).toBe(1);
      expect(one?.accessToken).not.toBe(tokens.accessToken);
      expect(two?.accessToken).toBe(one?.accessToken);
      expect((await stored(accountId)).tokens.accessToken).toBe(one?.accessToken);
    } finally {
      held.release();
    }
  });

  it("answers unavailable when X's token endpoint fails (5xx), and keeps the account connected", async () => {
    const { accountId, tokens } = await xAccount(minutes(90));
    x.fault({ kind: "server-error" }, { route: "token" });
    expect(await refreshAfterRejection(a.deps, accountId, tokens, NOW)).toEqual({ kind: "unavailable" });
    const { row } = await stored(accountId);
    expect([row.status, row.refreshLeaseId]).toEqual(["connected", null]);
  });

  it("answers revoked when the user removed the app at X, and the account needs reconnecting", async () => {
    const { name, accountId, tokens } = await xAccount(minutes(90));
    x.revoke(name);
    expect(await refreshAfterRejection(a.deps, accountId, tokens, NOW)).toEqual({ kind: "revoked" });
    expect((await stored(accountId)).row.status).toBe("reconnect_required");
  });
});
