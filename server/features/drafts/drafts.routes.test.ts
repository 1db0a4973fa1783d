import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { drafts } from "#server/db/schema/drafts.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { isApiErrorCode } from "#shared/api-errors.ts";
import {
  DRAFT_ERRORS,
  DRAFT_TEXT_MAX,
  DRAFTS_PER_USER_MAX,
  type DraftContent,
  type DraftView,
  EMPTY_DRAFT_CONTENT,
} from "#shared/drafts.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";

// Drafts (ADR 0084) through the real Hono app: autosave with revisions, filters, the limit per
// user, and German 4xx answers with a code for every bad input. Planning a draft and making drafts
// from posts: publishing/post-drafts.test.ts.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;
let cookie: string;
let userId: string;
let xAccount: string;
let blueskyAccount: string;

// The publishing app records mails instead of writing the outbox: a confirmed address is set directly.
async function signedIn(email: string): Promise<string> {
  expect((await t.signUp({ email })).ok).toBe(true);
  await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  return t.signIn(email);
}

beforeAll(async () => {
  t = await createPublishingTestApp();
  cookie = await signedIn("entwurf@example.test");
  const [profile] = await t.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, "entwurf@example.test"));
  userId = profile?.id ?? expect.unreachable();
  xAccount = await t.connectAccount(userId, "x");
  blueskyAccount = await t.connectAccount(userId, "bluesky");
});
afterAll(async () => {
  await t.close();
});

const send = (path: string, method: string, body?: unknown, as = cookie) =>
  t.request(path, { method, cookie: as, body: body === undefined ? undefined : JSON.stringify(body) });

const content = (changes: Partial<DraftContent> = {}): DraftContent => ({ ...EMPTY_DRAFT_CONTENT, ...changes });

async function create(changes: Partial<DraftContent> = {}, source = "composer"): Promise<DraftView> {
  const response = await send("/api/drafts", "POST", { source, content: content(changes) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { draft: DraftView }).draft;
}

async function expectRefusal(response: Response, status: number, code: string, error?: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: string; code: string };
  expect(body.code).toBe(code);
  if (error) expect(body.error).toBe(error);
  return body;
}

async function removeAllDrafts() {
  await t.db.delete(drafts).where(eq(drafts.userId, userId));
}

describe("/api/drafts", () => {
  it("asks to sign in first", async () => {
    const response = await t.request("/api/drafts");
    await expectRefusal(response, 401, "NOT_SIGNED_IN");
  });

  it("saves with the revision it was based on and refuses a stale one with 409 in German", async () => {
    const draft = await create({ text: "Erster Satz" }, "optimizer");
    expect(draft).toMatchObject({ revision: 1, source: "optimizer", content: { text: "Erster Satz" } });

    const saved = await send(`/api/drafts/${draft.id}`, "PUT", {
      content: content({ text: "Erster Satz, zweiter" }),
      revision: 1,
    });
    expect(saved.status).toBe(200);
    const { draft: second } = (await saved.json()) as { draft: DraftView };
    expect(second.revision).toBe(2);
    expect(Date.parse(second.updatedAt)).toBeGreaterThanOrEqual(Date.parse(draft.updatedAt));

    // Another tab still at revision 1: refused, and nothing it sent is written.
    const stale = await send(`/api/drafts/${draft.id}`, "PUT", { content: content({ text: "Alt" }), revision: 1 });
    await expectRefusal(stale, 409, "DRAFT_CONFLICT", DRAFT_ERRORS.DRAFT_CONFLICT);
    const read = (await (await send(`/api/drafts/${draft.id}`, "GET")).json()) as { draft: DraftView };
    expect(read.draft).toMatchObject({ revision: 2, content: { text: "Erster Satz, zweiter" } });

    // The optimizer switches to a thread over the same draft.
    const thread = await send(`/api/drafts/${draft.id}`, "PUT", {
      content: content({ threadPosts: ["Eins", "Zwei"] }),
      revision: 2,
      source: "optimizer-thread",
    });
    expect(((await thread.json()) as { draft: DraftView }).draft).toMatchObject({
      source: "optimizer-thread",
      revision: 3,
    });

    expect((await send(`/api/drafts/${draft.id}`, "DELETE")).status).toBe(200);
    await expectRefusal(await send(`/api/drafts/${draft.id}`, "GET"), 404, "DRAFT_NOT_FOUND");
    await expectRefusal(await send(`/api/drafts/${draft.id}`, "DELETE"), 404, "DRAFT_NOT_FOUND");
    await expectRefusal(
      await send(`/api/drafts/${draft.id}`, "PUT", { content: content(), revision: 3 }),
      404,
      "DRAFT_NOT_FOUND",
    );
  });

  it("shows, saves and deletes nobody else's drafts", async () => {
    const draft = await create({ text: "Nur meins" });
    const other = await signedIn("fremd@example.test");
    await expectRefusal(await send(`/api/drafts/${draft.id}`, "GET", undefined, other), 404, "DRAFT_NOT_FOUND");
    await expectRefusal(
      await send(`/api/drafts/${draft.id}`, "PUT", { content: content({ text: "Übernommen" }), revision: 1 }, other),
      404,
      "DRAFT_NOT_FOUND",
    );
    await expectRefusal(await send(`/api/drafts/${draft.id}`, "DELETE", undefined, other), 404, "DRAFT_NOT_FOUND");
    const theirs = (await (await send("/api/drafts", "GET", undefined, other)).json()) as { drafts: DraftView[] };
    expect(theirs.drafts).toEqual([]);
    await expectRefusal(await send("/api/drafts/kein-uuid", "GET"), 404, "DRAFT_NOT_FOUND");
  });

  it("lists newest first and filters by source, account and network", async () => {
    await removeAllDrafts();
    const onX = await create({ text: "Für X", accountIds: [xAccount] });
    const onBoth = await create({ text: "Für beide", accountIds: [xAccount, blueskyAccount] });
    const noAccount = await create({ text: "Noch ohne Konto" }, "optimizer");
    const list = async (query = "") =>
      ((await (await send(`/api/drafts${query}`, "GET")).json()) as { drafts: DraftView[] }).drafts.map(
        (draft) => draft.id,
      );
    expect(await list()).toEqual([noAccount.id, onBoth.id, onX.id]);
    expect(await list("?source=optimizer")).toEqual([noAccount.id]);
    expect(await list(`?accountId=${blueskyAccount}`)).toEqual([onBoth.id]);
    expect(await list("?network=x")).toEqual([onBoth.id, onX.id]);
    expect(await list("?network=bluesky&source=composer")).toEqual([onBoth.id]);
    expect(await list("?network=linkedin")).toEqual([]);
    const [first] = ((await (await send("/api/drafts", "GET")).json()) as { drafts: DraftView[] }).drafts.slice(1);
    expect(first?.networks.sort()).toEqual(["bluesky", "x"]);
    for (const query of ["?source=archiv", "?network=myspace", "?accountId=1"])
      await expectRefusal(await send(`/api/drafts${query}`, "GET"), 400, "INVALID_INPUT");
  });

  it("refuses more than the drafts a user may keep, in German", async () => {
    await removeAllDrafts();
    await t.db.insert(drafts).values(
      Array.from({ length: DRAFTS_PER_USER_MAX - 1 }, () => ({
        userId,
        source: "composer" as const,
        content: content(),
      })),
    );
    await create({ text: "Der letzte Platz" });
    const over = await send("/api/drafts", "POST", { source: "composer", content: content({ text: "Einer zu viel" }) });
    await expectRefusal(over, 409, "DRAFT_LIMIT_REACHED", DRAFT_ERRORS.DRAFT_LIMIT_REACHED);
    // Making a draft from a post counts too; the post stays as it was.
    const post = await t.insertPublication({
      userId,
      accountId: xAccount,
      network: "x",
      text: "Voll",
      status: "failed",
    });
    await expectRefusal(await send(`/api/posts/${post.id}/redraft`, "POST"), 409, "DRAFT_LIMIT_REACHED");
    expect((await t.publication(post.id)).status).toBe("failed");
    await expectRefusal(await send(`/api/posts/${post.id}/duplicate`, "POST"), 409, "DRAFT_LIMIT_REACHED");
    await removeAllDrafts();
  });

  it("answers every malformed draft with 400, a German message and a code, never 500", async () => {
    const draft = await create({ text: "Ziel" });
    const bodies: unknown[] = [
      null,
      [],
      "text",
      42,
      {},
      { source: "composer" },
      { source: "fremd", content: content() },
      { source: "composer", content: { ...content(), text: 5 } },
      { source: "composer", content: { ...content(), text: "a\u0000b" } },
      { source: "composer", content: { ...content(), text: "\ud800" } },
      { source: "composer", content: { ...content(), text: "x".repeat(DRAFT_TEXT_MAX + 1) } },
      { source: "composer", content: { ...content(), accountIds: ["nicht-uuid"] } },
      { source: "composer", content: { ...content(), accountIds: Array(11).fill(xAccount) } },
      { source: "composer", content: { ...content(), threadPosts: Array(26).fill("Post") } },
      { source: "composer", content: { ...content(), perAccountText: { "kein-konto": "Text" } } },
      { source: "composer", content: { ...content(), image: { url: "javascript:alert(1)", alt: "" } } },
      { source: "composer", content: { ...content(), image: { url: "/uploads/social-images/a.png" } } },
      { source: "composer", content: { ...content(), plannedFor: { date: "morgen", time: "12:00" } } },
      { source: "composer", content: { ...content(), extra: true } },
    ];
    for (const body of bodies) {
      const response = await send("/api/drafts", "POST", body);
      expect(response.status, JSON.stringify(body)?.slice(0, 80)).toBe(400);
      const answer = (await response.json()) as { error: string; code: string };
      expect(isApiErrorCode(answer.code)).toBe(true);
      expect(answer.error).toMatch(/[äöüÄÖÜß]|Entwurf|Konto|Bild|Text|Thread|Datum/);
    }
    const puts: unknown[] = [
      { content: content() },
      { content: content(), revision: -1 },
      { content: content(), revision: 1.5 },
      { content: content(), revision: "1" },
      { content: content(), revision: 1e12 },
      { content: content(), revision: 1, source: "fremd" },
    ];
    for (const body of puts) {
      const response = await send(`/api/drafts/${draft.id}`, "PUT", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe("INVALID_INPUT");
    }
    for (const raw of ["{nicht json", `{"source":"composer","content":{"__proto__":{"text":1}}}`]) {
      const unreadable = await t.request("/api/drafts", { method: "POST", cookie, body: raw });
      expect(unreadable.status).toBe(400);
    }
    // Every text at its maximum fits the body limit; far beyond it is 413 in German.
    const full = content({
      text: "ü".repeat(DRAFT_TEXT_MAX),
      threadPosts: Array(25).fill("€".repeat(DRAFT_TEXT_MAX)),
      accountIds: [xAccount],
      perAccountText: { [xAccount]: "ö".repeat(DRAFT_TEXT_MAX) },
    });
    expect((await send(`/api/drafts/${draft.id}`, "PUT", { content: full, revision: 1 })).status).toBe(200);
    const huge = await send("/api/drafts", "POST", {
      source: "composer",
      content: content({ text: "x".repeat(3_000_000) }),
    });
    await expectRefusal(huge, 413, "REQUEST_TOO_LARGE");
  });
});
