import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { socialAccounts } from "#server/db/schema/publishing.ts";
import { openTokens, tokenColumns, usableTokens } from "#server/features/account-tokens/account-tokens.ts";
import { renewAgingTokens } from "#server/features/connections/token-renewal.ts";
import type { SocialNetwork, TokenSet } from "#server/integrations/social/social-network.ts";
import { CONTAINER_CHECK_MS, createThreadsNetwork } from "#server/integrations/threads/threads-network.ts";
import { connectThroughFake } from "../../../tests/mocks/social-fake.ts";
import { startThreadsFake, type ThreadsFake } from "../../../tests/mocks/threads-server.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";
import { processPublication } from "./delivery.service.ts";
import { createThread } from "./threads.service.ts";

// Meta's Threads through the queue (ADR 0098, 0074): the real adapter against the Threads fake,
// the real database, a clock passed in. A container still IN_PROGRESS waits as `pending` and is
// published by the next step; ERROR and EXPIRED fail with a German reason; a used-up daily limit
// moves the post to the next free time and says so; a day-old token is renewed exactly once.

let fake: ThreadsFake;
let threads: SocialNetwork;
let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  fake = await startThreadsFake();
  threads = createThreadsNetwork({ ...fake.settings, timeoutMs: 30_000 });
  t = await createPublishingTestApp({ overrides: { networks: { ...createScriptedNetworks(), threads } } });
});
afterEach(() => {
  fake.clearFaults();
  fake.setUsage({ posts: 0, replies: 0 });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function threadsAuthor(username: string, adjust: (tokens: TokenSet) => TokenSet = (tokens) => tokens) {
  const userId = await t.createUser();
  const tokens = await connectThroughFake(threads, username);
  const identity = await threads.identity(tokens);
  const id = crypto.randomUUID();
  await t.db.insert(socialAccounts).values({
    id,
    userId,
    network: "threads",
    externalId: identity.externalId,
    handle: identity.handle,
    displayName: identity.displayName,
    profileUrl: identity.profileUrl,
    ...tokenColumns(t.deps.tokenBox, id, adjust(tokens), null),
  });
  return { userId, accountId: id };
}

async function plannedPost(username: string, text: string) {
  const author = await threadsAuthor(username);
  const row = await t.insertPublication({ ...author, network: "threads", text, due: new Date() });
  return { ...author, id: row.id, due: row.nextAttemptAt };
}

const later = (date: Date, ms: number) => new Date(date.getTime() + ms);

describe("Threads through the queue", () => {
  it("waits while the container is IN_PROGRESS and publishes it once FINISHED", async () => {
    const post = await plannedPost("schritt", "Container in Arbeit");
    fake.nextContainer(["IN_PROGRESS", "FINISHED"]);
    await processPublication(t.deps, post.id, post.due);
    const waiting = await t.publication(post.id);
    expect(waiting.detail).toBeNull();
    expect(waiting.status).toBe("sending");
    expect(waiting.continuation).not.toBeNull();
    expect(waiting.nextAttemptAt.getTime()).toBe(post.due.getTime() + CONTAINER_CHECK_MS);
    expect(fake.posts.filter((p) => p.text === "Container in Arbeit")).toHaveLength(0);

    await processPublication(t.deps, post.id, waiting.nextAttemptAt);
    const sent = await t.publication(post.id);
    expect(sent.status).toBe("sent");
    const atFake = fake.posts.filter((p) => p.text === "Container in Arbeit");
    expect(atFake.map((p) => p.id)).toEqual([sent.externalId]);
    expect(sent.externalUrl).toBe(atFake[0]?.permalink);
  });

  it.each([
    ["ERROR", /Threads konnte den Beitrag nicht verarbeiten/],
    ["EXPIRED", /abgelaufen.*24 Stunden/],
  ] as const)("fails a container that ends in %s, with a German reason", async (status, reason) => {
    const post = await plannedPost(`ende-${status.toLowerCase()}`, `Container ${status}`);
    fake.nextContainer(["IN_PROGRESS", status]);
    await processPublication(t.deps, post.id, post.due);
    await processPublication(t.deps, post.id, later(post.due, CONTAINER_CHECK_MS));
    const failed = await t.publication(post.id);
    expect(failed.status).toBe("failed");
    // The owner reads the class's sentence and, below it, Meta's status in German (ADR 0093).
    expect(failed.failureOriginal ?? "").toMatch(reason);
    expect(fake.posts.some((p) => p.text === `Container ${status}`)).toBe(false);
  });

  it("moves a post past a used-up daily limit to the next free time and tells the owner", async () => {
    const post = await plannedPost("limit", "Über dem Tageslimit");
    fake.setUsage({ posts: 250 });
    await processPublication(t.deps, post.id, post.due);
    const moved = await t.publication(post.id);
    expect(moved.status).toBe("planned");
    // No post of this account is listed: the whole 24 hours are waited out.
    expect(moved.nextAttemptAt.getTime()).toBeGreaterThan(later(post.due, 23 * 3_600_000).getTime());
    expect(moved.detail).toMatch(
      /^Das Limit von Threads für dieses Konto ist erreicht\. .*\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}\.$/,
    );
    expect(fake.posts.some((p) => p.text === "Über dem Tageslimit")).toBe(false);
  });

  it("sends a reply chain as replies, each to the post before", async () => {
    const author = await threadsAuthor("kette");
    const start = new Date();
    const created = await createThread(
      t.deps,
      author.userId,
      { accountId: author.accountId, posts: ["Kette 1/2", "Kette 2/2"] },
      start,
    );
    await processPublication(t.deps, created.id, start);
    expect((await t.publication(created.id)).status).toBe("sent");
    const [first, second] = fake.posts.filter((p) => p.text.startsWith("Kette "));
    expect(first?.inReplyTo).toBeNull();
    expect(second?.inReplyTo).toBe(first?.id);
  });

  it("renews a day-old token exactly once, however many posts ask for it at the same time", async () => {
    // 57 days left: the token is three days old, past the renewal threshold (58 days left).
    const author = await threadsAuthor("erneuern", (tokens) => ({
      ...tokens,
      accessTokenExpiresAt: new Date(Date.now() + 57 * 86_400_000),
    }));
    const before = fake.refreshCount();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => usableTokens(t.deps, author.accountId, new Date())),
    );
    expect(fake.refreshCount()).toBe(before + 1);
    expect(results.every((result) => result.kind === "ok")).toBe(true);
    const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, author.accountId));
    const stored = openTokens(t.deps.tokenBox, author.accountId, row?.tokens ?? "");
    expect((stored.accessTokenExpiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(59 * 86_400_000);
    // Young again: the next post uses it without renewing.
    await usableTokens(t.deps, author.accountId, new Date());
    expect(fake.refreshCount()).toBe(before + 1);
  });

  it("renews an idle account's aging token in the housekeeping sweep, once", async () => {
    await threadsAuthor("ruhig", (tokens) => ({
      ...tokens,
      accessTokenExpiresAt: new Date(Date.now() + 50 * 86_400_000),
    }));
    const before = fake.refreshCount();
    expect(await renewAgingTokens(t.deps)).toBeGreaterThanOrEqual(1);
    expect(fake.refreshCount()).toBe(before + 1);
    await renewAgingTokens(t.deps);
    expect(fake.refreshCount()).toBe(before + 1);
  });
});
