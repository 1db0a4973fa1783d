import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { drafts } from "#server/db/schema/drafts.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { publications, publicationThreadPosts } from "#server/db/schema/publishing.ts";
import { DRAFT_ERRORS, type DraftContent, type DraftView, EMPTY_DRAFT_CONTENT } from "#shared/drafts.ts";
import { PUBLICATION_STATUS_LABELS, type PublicationStatus } from "#shared/publishing-states.ts";
import { createPublishingTestApp, mondayAhead } from "../../../tests/support/publishing.ts";

// Drafts and posts (ADR 0084) through the real Hono app: planning a draft creates the publications
// and deletes the draft in one transaction; "Duplizieren" and "Als Entwurf bearbeiten" make drafts
// from posts, the latter ending the post as "drafted".

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

async function _removeAllDrafts() {
  await t.db.delete(drafts).where(eq(drafts.userId, userId));
}

describe("planning a draft (Entwurf → Geplant)", () => {
  const plannedFor = { date: mondayAhead(), time: "09:30" };

  it("creates the posts and deletes the draft in one transaction; a second plan of it is refused and creates nothing", async () => {
    const draft = await create({ text: "Geplant aus dem Entwurf", accountIds: [xAccount, blueskyAccount] });
    const body = {
      targets: [
        { accountId: xAccount, text: "Geplant aus dem Entwurf" },
        { accountId: blueskyAccount, text: "Geplant aus dem Entwurf" },
      ],
      plannedFor,
      draftId: draft.id,
    };
    const planned = await send("/api/posts", "POST", body);
    expect(planned.status).toBe(201);
    expect(await t.db.select().from(drafts).where(eq(drafts.id, draft.id))).toEqual([]);
    const count = async () =>
      (await t.db.select().from(publications).where(eq(publications.text, "Geplant aus dem Entwurf"))).length;
    expect(await count()).toBe(2);

    // The second click of a double click: the draft is gone, so nothing is planned twice.
    const again = await send("/api/posts", "POST", body);
    await expectRefusal(again, 409, "DRAFT_ALREADY_PLANNED", DRAFT_ERRORS.DRAFT_ALREADY_PLANNED);
    expect(await count()).toBe(2);
  });

  it("plans a thread from its draft; a draft that is not there refuses the whole plan", async () => {
    const draft = await create({ threadPosts: ["Eins", "Zwei"] });
    // A thread from the draft: planned, and the draft deleted with it.
    const thread = await send("/api/posts/threads", "POST", {
      accountId: xAccount,
      posts: ["Eins", "Zwei"],
      plannedFor,
      draftId: draft.id,
    });
    expect(thread.status).toBe(201);
    expect(await t.db.select().from(drafts).where(eq(drafts.id, draft.id))).toEqual([]);

    // A draft of somebody else, or none: refused, and the thread is not planned.
    const other = await create({ text: "Noch da" });
    const foreign = await send("/api/posts/threads", "POST", {
      accountId: xAccount,
      posts: ["Drei", "Vier"],
      plannedFor,
      draftId: "00000000-0000-4000-8000-000000000000",
    });
    await expectRefusal(foreign, 409, "DRAFT_ALREADY_PLANNED");
    expect(await t.db.select().from(publications).where(eq(publications.text, "Drei"))).toEqual([]);
    expect(await t.db.select().from(drafts).where(eq(drafts.id, other.id))).toHaveLength(1);
    await expectRefusal(
      await send("/api/posts", "POST", { targets: [{ accountId: xAccount, text: "x" }], draftId: "kaputt" }),
      400,
      "INVALID_INPUT",
    );
  });
});

describe("a post back into a draft", () => {
  async function postIn(status: PublicationStatus, text = `Beitrag ${status}`) {
    return t.insertPublication({
      userId,
      accountId: xAccount,
      network: "x",
      text,
      status,
      due: new Date(Date.now() + 86_400_000),
    });
  }

  it.each(["planned", "failed", "missed"] as const)(
    "'Als Entwurf bearbeiten' from %s: a draft with its content, the post ends as drafted",
    async (status) => {
      const post = await postIn(status);
      const response = await send(`/api/posts/${post.id}/redraft`, "POST");
      expect(response.status).toBe(201);
      const { draft } = (await response.json()) as { draft: DraftView };
      expect(draft).toMatchObject({
        source: "composer",
        networks: ["x"],
        content: { accountIds: [xAccount], text: `Beitrag ${status}`, threadPosts: [], perAccountText: {} },
      });
      // A future time is kept for the draft.
      expect(draft.content.plannedFor).not.toBeNull();
      const row = await t.publication(post.id);
      expect(row.status).toBe("drafted");
      const view = (await (await send(`/api/posts/${post.id}`, "GET")).json()) as { statusLabel: string };
      expect(view.statusLabel).toBe(PUBLICATION_STATUS_LABELS.drafted);
      // Once is enough.
      await expectRefusal(await send(`/api/posts/${post.id}/redraft`, "POST"), 409, "POST_NOT_REDRAFTABLE");
    },
  );

  it.each(["unconfirmed", "sent", "sending", "cancelled"] as const)(
    "from %s only 'Duplizieren': the post stays as it is",
    async (status) => {
      const post = await postIn(status);
      await expectRefusal(
        await send(`/api/posts/${post.id}/redraft`, "POST"),
        409,
        "POST_NOT_REDRAFTABLE",
        DRAFT_ERRORS.POST_NOT_REDRAFTABLE,
      );
      const response = await send(`/api/posts/${post.id}/duplicate`, "POST");
      expect(response.status).toBe(201);
      const { draft } = (await response.json()) as { draft: DraftView };
      expect(draft.content).toMatchObject({ text: `Beitrag ${status}`, accountIds: [xAccount], plannedFor: null });
      expect((await t.publication(post.id)).status).toBe(status);
    },
  );

  it("copies a thread's posts; a thread partly sent is only duplicated", async () => {
    const thread = await postIn("failed", "Eins");
    await t.db.update(publications).set({ postCount: 3 }).where(eq(publications.id, thread.id));
    await t.db.insert(publicationThreadPosts).values([
      { publicationId: thread.id, position: 1, text: "Eins", status: "sent" },
      { publicationId: thread.id, position: 2, text: "Zwei" },
      { publicationId: thread.id, position: 3, text: "Drei" },
    ]);
    await expectRefusal(await send(`/api/posts/${thread.id}/redraft`, "POST"), 409, "THREAD_PARTLY_SENT");
    expect((await t.publication(thread.id)).status).toBe("failed");
    const duplicated = await send(`/api/posts/${thread.id}/duplicate`, "POST");
    const { draft } = (await duplicated.json()) as { draft: DraftView };
    expect(draft.content).toMatchObject({ text: "", threadPosts: ["Eins", "Zwei", "Drei"] });

    await t.db
      .update(publicationThreadPosts)
      .set({ status: "pending" })
      .where(eq(publicationThreadPosts.publicationId, thread.id));
    const redrafted = await send(`/api/posts/${thread.id}/redraft`, "POST");
    expect(redrafted.status).toBe(201);
    expect((await t.publication(thread.id)).status).toBe("drafted");
  });

  it("answers posts that are not there, or somebody else's, with 404", async () => {
    const other = await signedIn("andere@example.test");
    const post = await postIn("failed");
    for (const action of ["duplicate", "redraft"]) {
      await expectRefusal(
        await send(`/api/posts/${post.id}/${action}`, "POST", undefined, other),
        404,
        "POST_NOT_FOUND",
      );
      await expectRefusal(await send(`/api/posts/nichts/${action}`, "POST"), 404, "POST_NOT_FOUND");
    }
    expect((await t.publication(post.id)).status).toBe("failed");
  });

  it("goes with the account: deleting the user deletes the drafts", async () => {
    const doomed = await t.createUser();
    await t.db.insert(drafts).values({ userId: doomed, source: "composer", content: content({ text: "Weg" }) });
    await t.db.delete(user).where(eq(user.id, doomed));
    expect(await t.db.select().from(drafts).where(eq(drafts.userId, doomed))).toEqual([]);
  });
});
