import { and, eq, lte } from "drizzle-orm";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { publications, publicationThreadPosts, socialAccounts } from "#server/db/schema/publishing.ts";
import { EXPORT_PAGE_SIZE } from "#server/features/data-export/export-files.ts";
import type { PublicationView } from "#shared/publishing.schemas.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { queuedJobsFor } from "../../../tests/setup/test-database.ts";
import { berlinIso, mondayAhead } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";

// The data of publishing in the GDPR export and deletion (ADR 0026, 0053, 0059): the export lists
// the connected accounts without any secret, a deletion leaves no token and no job behind.

setUpTestApp({ overrides: { networks: createScriptedNetworks() } });

async function customerWithPlannedPost(email: string) {
  const cookie = await t.signUpAndConfirm(email);
  const connected = await t.postJson(
    "/api/connections/bluesky/app-password",
    { identifier: email.split("@")[0], appPassword: "app-pass-word" },
    cookie,
  );
  const { accountId } = (await connected.json()) as { accountId: string };
  const created = await t.postJson(
    "/api/posts",
    { targets: [{ accountId, text: "Geplant für später" }], plannedFor: { date: mondayAhead(), time: "08:00" } },
    cookie,
  );
  const { posts } = (await created.json()) as { posts: PublicationView[] };
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { cookie, accountId, postId: posts[0]?.id ?? "", userId: row?.id ?? "" };
}

describe("export and deletion of publishing data", () => {
  it("exports the connected accounts and posts, and no token", async () => {
    const { cookie, accountId } = await customerWithPlannedPost("export@example.test");
    const slots = await t.request(`/api/accounts/${accountId}/queue-slots`, {
      method: "PUT",
      cookie,
      body: JSON.stringify({ slots: [{ weekday: 2, time: "09:00" }] }),
    });
    expect(slots.status).toBe(200);
    const response = await t.request("/api/data-export", { cookie });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const text = new TextDecoder().decode(files["veroeffentlichungen.json"]);
    const data = JSON.parse(text);
    expect(data.connectedAccounts).toEqual([
      expect.objectContaining({ network: "bluesky", handle: "@export", status: "connected" }),
    ]);
    expect(data.posts).toEqual([
      expect.objectContaining({ text: "Geplant für später", status: "planned", contentWarning: null }),
    ]);
    expect(data.queueSlots).toEqual([{ network: "bluesky", handle: "@export", weekday: 2, time: "09:00" }]);
    const everything = Object.values(files)
      .map((bytes) => new TextDecoder().decode(bytes))
      .join("\n");
    expect(everything).not.toContain("export-access");
    expect(everything).not.toMatch(/"tokens"|v1\.[0-9a-f]{8}\./);
  });

  it("exports every post of a thread with its status in German, its times and its link", async () => {
    const { cookie } = await customerWithPlannedPost("faden@example.test");
    const start = await t.request("/api/connections/x/start", { method: "POST", cookie });
    const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
    const state = new URL(authorizationUrl).searchParams.get("state") ?? "";
    await t.request(`/api/connections/x/callback?code=faden&state=${state}`, { cookie });
    const [xAccount] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.network, "x"));
    const thread = Array.from({ length: 10 }, (_, index) => `Teil ${index + 1} des Threads`);
    const created = await t.postJson(
      "/api/posts/threads",
      { accountId: xAccount?.id, posts: thread, plannedFor: { date: mondayAhead(), time: "09:30" } },
      cookie,
    );
    expect(created.status).toBe(201);
    const { post } = (await created.json()) as { post: PublicationView };
    // The first three went out before the thread stopped.
    const sentAt = new Date("2099-04-01T07:31:00Z");
    await t.db
      .update(publicationThreadPosts)
      .set({ status: "sent", sentAt, externalId: "x-1", externalUrl: "https://x.example/posts/x-1" })
      .where(and(eq(publicationThreadPosts.publicationId, post.id), lte(publicationThreadPosts.position, 3)));
    await t.db.update(publications).set({ status: "failed", detail: "Abgelehnt" }).where(eq(publications.id, post.id));

    const response = await t.request("/api/data-export", { cookie });
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(files["veroeffentlichungen.json"]));
    expect(data.posts).toHaveLength(2);
    const exported = data.posts.find((entry: { network: string }) => entry.network === "x");
    expect(exported).toMatchObject({
      network: "x",
      account: "@faden",
      scheduledAt: berlinIso(mondayAhead(), "09:30"),
      status: "failed",
      statusLabel: "Fehlgeschlagen",
      detail: "Abgelehnt",
    });
    expect(exported.threadPosts).toHaveLength(10);
    expect(exported.threadPosts.map((entry: { text: string }) => entry.text)).toEqual(thread);
    expect(exported.threadPosts[0]).toEqual({
      position: 1,
      text: "Teil 1 des Threads",
      status: "sent",
      statusLabel: "Gesendet",
      sentAt: sentAt.toISOString(),
      externalUrl: "https://x.example/posts/x-1",
    });
    expect(exported.threadPosts[9]).toEqual({
      position: 10,
      text: "Teil 10 des Threads",
      status: "pending",
      statusLabel: "Ausstehend",
      sentAt: null,
      externalUrl: null,
    });
    const single = data.posts.find((entry: { network: string }) => entry.network === "bluesky");
    expect(single).toMatchObject({ text: "Geplant für später", statusLabel: "Geplant", threadPosts: null });
    const readme = new TextDecoder().decode(files["LIESMICH.txt"]);
    expect(readme).toContain("threadPosts");
    expect(readme).toContain("statusLabel");
  });

  it("reads the posts a page at a time and finds the threads on every page", async () => {
    const { cookie, userId } = await customerWithPlannedPost("viele@example.test");
    const start = Date.UTC(2099, 0, 1);
    // Pairs of posts at the same time, so the keyset's second column is exercised too.
    const rows = Array.from({ length: EXPORT_PAGE_SIZE + 3 }, (_, index) => ({
      batchId: crypto.randomUUID(),
      userId,
      network: "x" as const,
      accountHandle: "@viele",
      text: `Beitrag ${index}`,
      scheduledAt: new Date(start + Math.floor(index / 2) * 60_000),
      nextAttemptAt: new Date(start),
      status: "planned" as const,
      postCount: index % 250 === 0 ? 2 : 1,
    }));
    const inserted = await t.db.insert(publications).values(rows).returning();
    const threads = inserted.filter((row) => row.postCount === 2);
    await t.db.insert(publicationThreadPosts).values(
      threads.flatMap((row) => [
        { publicationId: row.id, position: 1, text: row.text },
        { publicationId: row.id, position: 2, text: `${row.text}, zweiter Teil` },
      ]),
    );

    const response = await t.request("/api/data-export", { cookie });
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const { posts } = JSON.parse(new TextDecoder().decode(files["veroeffentlichungen.json"])) as {
      posts: { text: string; scheduledAt: string; threadPosts: { text: string }[] | null }[];
    };
    // Every post once, in the order of their planned times (a pair of the same time in either order).
    expect(posts.map((post) => post.text).sort()).toEqual(
      [...rows.map((row) => row.text), "Geplant für später"].sort(),
    );
    const times = posts.map((post) => Date.parse(post.scheduledAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(posts.filter((post) => post.threadPosts).map((post) => post.threadPosts?.map((part) => part.text))).toEqual(
      threads.map((row) => [row.text, `${row.text}, zweiter Teil`]),
    );
  });

  it("deleting the user removes the tokens, the posts and their waiting jobs", async () => {
    const { cookie, accountId, postId, userId } = await customerWithPlannedPost("weg@example.test");
    expect(await queuedJobsFor(t.db, postId)).toBe(1);
    const response = await t.request("/api/auth/delete-user", {
      method: "POST",
      body: JSON.stringify({ password: "Laterne-Zimt-42" }),
      cookie,
    });
    expect(response.status).toBe(200);
    expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId))).toEqual([]);
    expect(await t.db.select().from(publications).where(eq(publications.userId, userId))).toEqual([]);
    expect(await queuedJobsFor(t.db, postId)).toBe(0);
  });
});
