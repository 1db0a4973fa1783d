import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import type { NetworkId } from "#shared/networks.ts";
import type { PublicationView } from "#shared/publishing.schemas.ts";
import { LIST_RANGE_MAX_POSTS, LIST_RANGE_MESSAGES } from "#shared/publishing.ts";
import type { PublicationStatus } from "#shared/publishing-states.ts";
import { createTestApp, expectError, type TestApp } from "../../../tests/setup/test-app.ts";
import { createScriptedNetworks, tokensFor } from "../../../tests/support/scripted-network.ts";

// GET /api/posts?from=&to= (ADR 0089): the calendar's days in the user's zone, filtered by account,
// network and state, bounded to LIST_RANGE_MAX_DAYS, and German 400s for everything else.

let t: TestApp & {
  connectAccount: (userId: string, network: NetworkId) => Promise<string>;
  insertPublication: (post: {
    userId: string;
    accountId: string;
    network: NetworkId;
    text: string;
    due: Date;
    status?: PublicationStatus;
  }) => Promise<void>;
  createUser: () => Promise<string>;
};
let cookie: string;
let userId: string;
let xId: string;
let blueskyId: string;

beforeAll(async () => {
  const app = await createTestApp({ overrides: { networks: createScriptedNetworks() } });
  t = {
    ...app,
    async createUser() {
      const id = `user-${crypto.randomBytes(6).toString("hex")}`;
      await app.db.insert(user).values({ id, name: "Test", email: `${id}@example.test`, emailVerified: true });
      return id;
    },
    async connectAccount(owner, network) {
      const id = crypto.randomUUID();
      await app.db.insert(socialAccounts).values({
        id,
        userId: owner,
        network,
        externalId: `${network}-${id}`,
        handle: `@${network}-user`,
        displayName: "Test",
        profileUrl: null,
        ...tokenColumns(app.deps.tokenBox, id, tokensFor("t-access", "t-refresh"), null),
      });
      return id;
    },
    async insertPublication(post) {
      await app.db.insert(publications).values({
        batchId: crypto.randomUUID(),
        userId: post.userId,
        accountId: post.accountId,
        network: post.network,
        accountHandle: `@${post.network}-user`,
        text: post.text,
        scheduledAt: post.due,
        nextAttemptAt: post.due,
        status: post.status ?? "planned",
      });
    },
  };
  cookie = await t.signUpAndConfirm("kalender@example.test");
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "kalender@example.test"));
  userId = row?.id ?? "";
  xId = await t.connectAccount(userId, "x");
  blueskyId = await t.connectAccount(userId, "bluesky");
});
afterAll(async () => {
  await t.close();
});

type Answer = { posts: PublicationView[]; truncated: boolean };
const list = async (query: string) => {
  const response = await t.request(`/api/posts?${query}`, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Answer;
};

describe("a range of days", () => {
  it("takes whole days in Berlin, also the 25 hours of the night the clocks go back", async () => {
    const text = `Umstellung ${crypto.randomUUID()}`;
    // 00:30 summer time, 23:59 winter time on 25.10.2026, and the first minute of the 26th.
    for (const due of ["2026-10-24T22:30:00Z", "2026-10-25T22:59:00Z", "2026-10-25T23:00:00Z", "2026-10-24T21:59:00Z"])
      await t.insertPublication({ userId, accountId: xId, network: "x", text, due: new Date(due) });
    const day = await list("from=2026-10-25&to=2026-10-25");
    expect(day.posts.filter((post) => post.text === text).map((post) => post.scheduledAt)).toEqual([
      "2026-10-24T22:30:00.000Z",
      "2026-10-25T22:59:00.000Z",
    ]);
    expect(day.truncated).toBe(false);
    // The week of that Sunday holds three of them, Monday 00:00 included.
    const week = await list("from=2026-10-19&to=2026-10-26");
    expect(week.posts.filter((post) => post.text === text)).toHaveLength(4);
  });

  it("filters by several networks, states and accounts, as a list or repeated", async () => {
    const text = `Filter ${crypto.randomUUID()}`;
    const due = new Date("2026-12-08T09:00:00Z");
    await t.insertPublication({ userId, accountId: xId, network: "x", text, due, status: "planned" });
    await t.insertPublication({ userId, accountId: xId, network: "x", text, due, status: "failed" });
    await t.insertPublication({ userId, accountId: blueskyId, network: "bluesky", text, due, status: "sent" });
    const range = "from=2026-12-07&to=2026-12-13";
    const ours = (answer: Answer) =>
      answer.posts
        .filter((post) => post.text === text)
        .map((post) => `${post.network}:${post.status}`)
        .sort();
    expect(ours(await list(range))).toEqual(["bluesky:sent", "x:failed", "x:planned"]);
    expect(ours(await list(`${range}&network=bluesky`))).toEqual(["bluesky:sent"]);
    expect(ours(await list(`${range}&status=planned,sent`))).toEqual(["bluesky:sent", "x:planned"]);
    expect(ours(await list(`${range}&status=planned&status=failed`))).toEqual(["x:failed", "x:planned"]);
    expect(ours(await list(`${range}&accountId=${blueskyId},${xId}&status=failed`))).toEqual(["x:failed"]);
    expect(ours(await list(`${range}&network=x,linkedin&status=sent`))).toEqual([]);
  });

  it("shows nobody else's posts", async () => {
    const other = await t.createUser();
    const account = await t.connectAccount(other, "x");
    const text = `Fremd ${crypto.randomUUID()}`;
    await t.insertPublication({
      userId: other,
      accountId: account,
      network: "x",
      text,
      due: new Date("2026-12-09T10:00:00Z"),
    });
    expect((await list("from=2026-12-07&to=2026-12-13")).posts.some((post) => post.text === text)).toBe(false);
  });

  it("answers at most LIST_RANGE_MAX_POSTS and says that there were more", async () => {
    const text = `Viele ${crypto.randomUUID()}`;
    const start = Date.parse("2027-01-04T08:00:00Z");
    await t.db.insert(publications).values(
      Array.from({ length: LIST_RANGE_MAX_POSTS + 1 }, (_, index) => ({
        batchId: crypto.randomUUID(),
        userId,
        accountId: xId,
        network: "x" as const,
        accountHandle: "@x-user",
        text,
        scheduledAt: new Date(start + index * 30_000),
        nextAttemptAt: new Date(start + index * 30_000),
        status: "planned" as const,
      })),
    );
    const answer = await list("from=2027-01-04&to=2027-01-04");
    expect(answer.posts).toHaveLength(LIST_RANGE_MAX_POSTS);
    expect(answer.truncated).toBe(true);
    expect(answer.posts[0]?.scheduledAt).toBe("2027-01-04T08:00:00.000Z");
  });

  it("answers a German 400 to a range that is unbounded, reversed, too long or no date", async () => {
    const refused = async (query: string, error: string) =>
      expectError(await t.request(`/api/posts?${query}`, { cookie }), 400, "INVALID_INPUT", error);
    await refused("from=2026-12-01", LIST_RANGE_MESSAGES.bothEnds);
    await refused("to=2026-12-01", LIST_RANGE_MESSAGES.bothEnds);
    await refused("from=2026-12-10&to=2026-12-01", LIST_RANGE_MESSAGES.reversed);
    await refused("from=2026-12-01&to=2027-01-12", LIST_RANGE_MESSAGES.tooLong);
    await refused("from=2026-02-30&to=2026-03-02", LIST_RANGE_MESSAGES.invalidDay);
    await refused("from=morgen&to=2026-03-02", LIST_RANGE_MESSAGES.invalidDay);
    await refused("week=2026-12-07&from=2026-12-07&to=2026-12-13", LIST_RANGE_MESSAGES.weekOrRange);
    const invalid = "Die Angaben sind unvollständig. Bitte prüfen Sie den Beitrag.";
    await refused("from=2026-12-01&to=2026-12-02&network=myspace", invalid);
    await refused("from=2026-12-01&to=2026-12-02&status=verschollen", invalid);
    await refused("from=2026-12-01&to=2026-12-02&accountId=kein-uuid", invalid);
    // Six weeks, the longest month grid, are fine.
    expect((await list("from=2026-10-19&to=2026-11-29")).truncated).toBe(false);
  });
});
