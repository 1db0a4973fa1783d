import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { publications, publicationThreadPosts, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import { createMastodonNetwork } from "#server/integrations/mastodon/mastodon-network.ts";
import type { SocialNetwork } from "#server/integrations/social/social-network.ts";
import { toWallTime } from "#shared/wall-time.ts";
import { type MastodonRecordedPost, startMastodonFake } from "../../../tests/mocks/mastodon-server.ts";
import { connectToMastodon } from "../../../tests/mocks/networks-on-fakes.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";
import { processPublication } from "./delivery.service.ts";
import { createPosts } from "./publishing.service.ts";
import { createThread } from "./threads.service.ts";

// Mastodon through the queue (ADR 0095): the real integration against the instance fake, the real
// database. Each attempt sends its Idempotency-Key, so an answer lost on the way is asked for again
// with the same key: one status, and the post is "gesendet", not "unbestätigt". The instance's own
// character limit is what the server checks, not 500.

let fake: Awaited<ReturnType<typeof startMastodonFake>>;
let mastodon: SocialNetwork;
let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  fake = await startMastodonFake();
  // Generous: a busy machine must not turn a slow answer into "unbestätigt".
  mastodon = createMastodonNetwork({ ...fake.settings, timeoutMs: 30_000 });
  // The product's own mailer, so the confirmation link of a sign-up is in the outbox.
  t = await createPublishingTestApp({
    overrides: { networks: { ...createScriptedNetworks(), mastodon }, mailer: undefined },
  });
});
afterEach(() => {
  fake.clearFaults();
  fake.setMaxCharacters(500);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A user with a Mastodon account of its own on the fake, connected through the instance's OAuth. */
async function mastodonAuthor(name: string, userId?: string) {
  userId ??= await t.createUser();
  fake.addAccount(name);
  const tokens = await connectToMastodon(mastodon, fake.url, name);
  const identity = await mastodon.identity(tokens);
  const id = crypto.randomUUID();
  await t.db.insert(socialAccounts).values({
    id,
    userId,
    network: "mastodon",
    externalId: identity.externalId,
    handle: identity.handle,
    displayName: identity.displayName,
    profileUrl: identity.profileUrl,
    postLimits: identity.limits ?? null,
    ...tokenColumns(t.deps.tokenBox, id, tokens, null),
  });
  return { userId, accountId: id };
}

const atFake = (text: string): MastodonRecordedPost[] => fake.posts.filter((post) => post.text === text);

describe("a lost Mastodon answer", () => {
  it("is asked for again with the same Idempotency-Key: one status, and the post is sent", async () => {
    const author = await mastodonAuthor("verloren");
    const text = "Frische Zimtschnecken ab 7 Uhr";
    const [post] = await createPosts(t.deps, author.userId, { targets: [{ accountId: author.accountId, text }] });
    if (!post) throw new Error("kein Beitrag");
    fake.fault({ kind: "lost-response" }, { route: "post" });
    await processPublication(t.deps, post.id);

    const stored = atFake(text);
    expect(stored).toHaveLength(1);
    expect(fake.requestsTo("post")).toBeGreaterThanOrEqual(2);
    const publication = await t.publication(post.id);
    expect(publication.status).toBe("sent");
    expect(publication.externalId).toBe(stored[0]?.id);
    expect(stored[0]?.idempotencyKey).toBe(`postwerk-${post.id}-1`);
  });

  it("without an answer after every try with the key stays in doubt (unbestätigt), never sent twice", async () => {
    const author = await mastodonAuthor("dauerverloren");
    const text = "Heute Ruhetag";
    const [post] = await createPosts(t.deps, author.userId, { targets: [{ accountId: author.accountId, text }] });
    if (!post) throw new Error("kein Beitrag");
    fake.fault({ kind: "lost-response" }, { route: "post", times: 3 });
    await processPublication(t.deps, post.id);
    expect(atFake(text)).toHaveLength(1);
    expect((await t.publication(post.id)).status).toBe("unconfirmed");
  });

  it("in a thread: each post once, each reply to the one before, the thread sent", async () => {
    const author = await mastodonAuthor("thread");
    const posts = ["Teil 1/2: Neue Brote", "Teil 2/2: Dinkel und Roggen"];
    const created = await createThread(t.deps, author.userId, { accountId: author.accountId, posts });
    fake.fault({ kind: "lost-response" }, { route: "post", after: 1 });
    await processPublication(t.deps, created.id);

    expect((await t.publication(created.id)).status).toBe("sent");
    const [first, second] = posts.map((text) => atFake(text));
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(second?.[0]?.inReplyTo).toBe(first?.[0]?.id);
    const rows = await t.db
      .select()
      .from(publicationThreadPosts)
      .where(eq(publicationThreadPosts.publicationId, created.id));
    expect(rows.map((row) => row.status).sort()).toEqual(["sent", "sent"]);
  });
});

describe("the instance's own character limit", () => {
  it("lets a text longer than 500 through where the instance allows more, and refuses beyond it", async () => {
    fake.setMaxCharacters(1000);
    const author = await mastodonAuthor("lang");
    const [account] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, author.accountId));
    expect(account?.postLimits?.maxCharacters).toBe(1000);
    const long = "a".repeat(800);
    const [post] = await createPosts(t.deps, author.userId, { targets: [{ accountId: author.accountId, text: long }] });
    expect(post).toBeDefined();
    await expect(
      createPosts(t.deps, author.userId, { targets: [{ accountId: author.accountId, text: "a".repeat(1001) }] }),
    ).rejects.toMatchObject({ code: "POST_TOO_LONG" });
  });
});

describe("a content warning (spoiler_text)", () => {
  /** A signed-in user of the app with a Mastodon account on the fake and an X account. */
  async function signedInAuthor(name: string) {
    const cookie = await t.signUpAndConfirm(`${name}@example.test`);
    const [row] = await t.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, `${name}@example.test`));
    if (!row) throw new Error("kein Nutzer");
    const author = await mastodonAuthor(name, row.id);
    return { ...author, cookie, xAccountId: await t.connectAccount(row.id, "x") };
  }

  it("is stored for the Mastodon post alone and sent as spoiler_text", async () => {
    const author = await signedInAuthor("warnung");
    const text = "Das Rezept für die Zimtschnecken";
    const response = await t.postJson(
      "/api/posts",
      {
        targets: [
          { accountId: author.accountId, text },
          { accountId: author.xAccountId, text },
        ],
        contentWarning: "  Spoiler: Rezept  ",
      },
      author.cookie,
    );
    expect(response.status).toBe(201);
    const rows = await t.db.select().from(publications).where(eq(publications.userId, author.userId));
    const mastodonRow = rows.find((row) => row.network === "mastodon");
    expect(mastodonRow?.contentWarning).toBe("Spoiler: Rezept");
    expect(rows.find((row) => row.network === "x")?.contentWarning).toBeNull();
    await processPublication(t.deps, mastodonRow?.id ?? "");
    expect(atFake(text).map((post) => post.spoilerText)).toEqual(["Spoiler: Rezept"]);
  });

  it("goes with every post of a thread, and counts toward the instance's limit", async () => {
    const author = await signedInAuthor("warnfaden");
    const posts = ["Teil 1: Die Überraschung", "Teil 2: Kardamom"];
    const thread = (contentWarning: string, first = posts[0]) =>
      t.postJson(
        "/api/posts/threads",
        { accountId: author.accountId, posts: [first, posts[1]], contentWarning },
        author.cookie,
      );
    // 490 characters of text and a warning of 12 are 502: over the fake's 500.
    const tooLong = await thread("Überraschung", "a".repeat(490));
    expect(tooLong.status).toBe(400);
    const created = await thread("Überraschung");
    expect(created.status).toBe(201);
    const { post } = (await created.json()) as { post: { id: string } };
    await processPublication(t.deps, post.id);
    expect(posts.map((text) => atFake(text)[0]?.spoilerText)).toEqual(["Überraschung", "Überraschung"]);
  });
  it("is edited with a planned post, counts toward the limit there, and an empty one removes it", async () => {
    const author = await signedInAuthor("warnbearbeitung");
    const api = t.api(author.cookie);
    const plannedFor = toWallTime(new Date(Date.now() + 7 * 24 * 60 * 60_000), "Europe/Berlin");
    const created = await api.posts.$post({
      json: { targets: [{ accountId: author.accountId, text: "Kuchen" }], plannedFor, contentWarning: "Alt" },
    });
    const [post] = ((await created.json()) as { posts: { id: string }[] }).posts;
    const edit = (json: { text?: string; contentWarning?: string }) =>
      api.posts[":id"].$patch({ param: { id: post?.id ?? "" }, json });

    const edited = await edit({ contentWarning: "  Spoiler: Kuchen  " });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { contentWarning: string | null }).contentWarning).toBe("Spoiler: Kuchen");
    // 490 characters and the warning's 15 are 505: over the instance's 500, for the text and for the warning.
    expect((await edit({ text: "a".repeat(490) })).status).toBe(400);
    expect((await edit({ text: "a".repeat(485) })).status).toBe(200);
    expect((await edit({ contentWarning: "Eine viel längere Warnung" })).status).toBe(400);
    const cleared = await edit({ contentWarning: "" });
    expect(((await cleared.json()) as { contentWarning: string | null }).contentWarning).toBeNull();
    expect((await t.publication(post?.id ?? "")).contentWarning).toBeNull();
  });
});
