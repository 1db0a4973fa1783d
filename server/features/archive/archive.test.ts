import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { publications } from "#server/db/schema/publishing.ts";
import {
  ARCHIVE_COUNT_LIMIT,
  ARCHIVE_PAGE_SIZE,
  type ArchiveProvenance,
  describeArchiveProvenance,
} from "#shared/archive.ts";
import { createTestApp, expectAnswer, readJson, type TestApp } from "../../../tests/setup/test-app.ts";
import { buildSearchQuery, createArchiveEntry } from "./archive.service.ts";

let t: TestApp;
let anna: { cookie: string; userId: string };
let ben: { cookie: string; userId: string };

async function signUp(email: string) {
  const cookie = await t.signUpAndConfirm(email);
  const [profile] = await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  return { cookie, userId: profile?.id ?? "" };
}

type Seed = { platform: string; language: string; tone: string; keyPoints: string; posts: string[] };

async function archive(userId: string, seed: Seed, minutesAgo: number): Promise<string> {
  const [row] = await t.db
    .insert(archivedPosts)
    .values({
      userId,
      platform: seed.platform,
      language: seed.language,
      tone: seed.tone,
      keyPoints: seed.keyPoints,
      generatedPosts: seed.posts,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning({ id: archivedPosts.id });
  return row?.id ?? "";
}

const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  anna = await signUp("anna-archiv@example.test");
  ben = await signUp("ben-archiv@example.test");
  ids.newest = await archive(
    anna.userId,
    {
      platform: "twitter",
      language: "german",
      tone: "friendly",
      keyPoints: "Zimtschnecken, Samstag",
      posts: ["Frische Zimtschnecken am Samstag! #Bäckerei", "Zwei", "Drei"],
    },
    1,
  );
  ids.middle = await archive(
    anna.userId,
    {
      platform: "linkedin",
      language: "english",
      tone: "formal",
      keyPoints: "Quarterly results",
      posts: ["Our Äpfel-Aktion grew revenue by 12 percent.", "Two", "Three"],
    },
    2,
  );
  ids.oldest = await archive(
    anna.userId,
    {
      platform: "instagram",
      language: "german",
      tone: "humorous",
      keyPoints: "Sommerfest im Garten",
      posts: ["Sommerfest! Wer bringt den Grill mit?", "Zwei", "Drei"],
    },
    3,
  );
  ids.ben = await archive(
    ben.userId,
    {
      platform: "twitter",
      language: "german",
      tone: "friendly",
      keyPoints: "Zimtschnecken bei Ben",
      posts: ["Bens geheime Zimtschnecken", "Zwei", "Drei"],
    },
    1,
  );
});
afterAll(() => t?.close());

type ArchiveQuery = InferRequestType<ReturnType<TestApp["api"]>["archive"]["$get"]>["query"];
const NO_FILTER: ArchiveQuery = { search: "", platform: "all", language: "all", tone: "all", page: "1" };
const list = async (cookie: string, query: Partial<ArchiveQuery> = {}) =>
  readJson(await t.api(cookie).archive.$get({ query: { ...NO_FILTER, ...query } }), 200);
const entry = (cookie: string, id: string) => t.api(cookie).archive[":id"].$get({ param: { id } });
const remove = (cookie: string | undefined, id: string) => t.api(cookie).archive[":id"].$delete({ param: { id } });

describe("GET /api/archive", () => {
  it("lists the user's own entries, newest first, 20 per page with the total", async () => {
    expect(ARCHIVE_PAGE_SIZE).toBe(20);
    const first = await list(anna.cookie);
    expect(first).toMatchObject({
      total: 3,
      totalIsCapped: false,
      page: 1,
      pageSize: ARCHIVE_PAGE_SIZE,
      pageCount: 1,
      hasNextPage: false,
    });
    expect(first.entries.map((entry) => entry.id)).toEqual([ids.newest, ids.middle, ids.oldest]);
    expect(first.entries[0]).toMatchObject({
      platform: "twitter",
      keyPoints: "Zimtschnecken, Samstag",
      posts: ["Frische Zimtschnecken am Samstag! #Bäckerei", "Zwei", "Drei"],
      imageUrl: null,
      demo: false,
      // Written before ADR 0025 (as these seeds are): no provenance.
      provenance: null,
    });
    expect((await list(anna.cookie, { page: "2" })).entries).toEqual([]);
    expect((await list(anna.cookie, { page: "9" })).entries).toEqual([]);
  });

  it("marks an entry a post was planned or sent from; sent wins, a cancelled one does not count; lists the sent ones", async () => {
    const { newest = "", middle = "", oldest = "" } = ids;
    const sentAt = new Date("2026-11-20T09:30:00Z");
    const publication = (archiveEntryId: string, status: "planned" | "sent" | "cancelled") => ({
      batchId: crypto.randomUUID(),
      userId: anna.userId,
      network: "bluesky" as const,
      accountHandle: "anna.bsky.social",
      text: "Frische Zimtschnecken",
      archiveEntryId,
      scheduledAt: new Date(),
      nextAttemptAt: new Date(),
      status,
      sentAt: status === "sent" ? sentAt : null,
    });
    const [sent] = await t.db
      .insert(publications)
      .values([
        publication(middle, "sent"),
        publication(newest, "planned"),
        publication(middle, "planned"),
        publication(oldest, "cancelled"),
      ])
      .returning({ id: publications.id });
    const { entries } = await list(anna.cookie);
    const byId = new Map(entries.map((entry) => [entry.id, entry.publishing]));
    expect(Object.fromEntries(byId)).toEqual({ [newest]: "planned", [middle]: "sent", [oldest]: null });
    // ADR 0106: the card shows the figures of each post that went out.
    expect(Object.fromEntries(entries.map((entry) => [entry.id, entry.sent]))).toEqual({
      [newest]: [],
      [middle]: [{ id: sent?.id, network: "bluesky", accountHandle: "anna.bsky.social", sentAt: sentAt.toISOString() }],
      [oldest]: [],
    });
    await t.db.delete(publications).where(eq(publications.userId, anna.userId));
  });

  it(`counts up to ${ARCHIVE_COUNT_LIMIT} matches and pages on beyond them`, async () => {
    const carla = await signUp("carla-archiv@example.test");
    const rows = ARCHIVE_COUNT_LIMIT + 3;
    await t.db.insert(archivedPosts).values(
      Array.from({ length: rows }, (_, index) => ({
        userId: carla.userId,
        platform: "facebook",
        language: "german",
        tone: "friendly",
        keyPoints: `Angebot Nummer ${index}`,
        generatedPosts: [`Heute im Angebot: Nummer ${index}`, "Zwei", "Drei"],
        createdAt: new Date(Date.now() - index * 60_000),
      })),
    );
    const first = await list(carla.cookie, { search: "angebot" });
    expect(first).toMatchObject({
      total: ARCHIVE_COUNT_LIMIT,
      totalIsCapped: true,
      pageCount: null,
      hasNextPage: true,
    });
    expect(first.entries.map((entry: { keyPoints: string }) => entry.keyPoints)).toEqual(
      Array.from({ length: ARCHIVE_PAGE_SIZE }, (_, index) => `Angebot Nummer ${index}`),
    );
    const last = await list(carla.cookie, { search: "angebot", page: String(Math.ceil(rows / ARCHIVE_PAGE_SIZE)) });
    expect(last.entries.map((entry: { keyPoints: string }) => entry.keyPoints)).toEqual(
      Array.from(
        { length: rows % ARCHIVE_PAGE_SIZE },
        (_, index) => `Angebot Nummer ${rows - (rows % ARCHIVE_PAGE_SIZE) + index}`,
      ),
    );
    expect(last.hasNextPage).toBe(false);
    // A narrower search is counted exactly again: 17 and 170 to 179 (word beginnings).
    const narrow = await list(carla.cookie, { search: "angebot nummer 17" });
    expect(narrow).toMatchObject({ total: 11, totalIsCapped: false, pageCount: 1, hasNextPage: false });
    expect(narrow.entries.map((entry: { keyPoints: string }) => entry.keyPoints)).toEqual([
      "Angebot Nummer 17",
      ...Array.from({ length: 10 }, (_, index) => `Angebot Nummer ${170 + index}`),
    ]);
  });

  it("filters by platform, language and tone; 'all' means no filter", async () => {
    const ids_ = async (query: Partial<ArchiveQuery>) =>
      (await list(anna.cookie, query)).entries.map((entry) => entry.id);
    expect(await ids_({ platform: "linkedin" })).toEqual([ids.middle]);
    expect(await ids_({ language: "german", page: "1" })).toEqual([ids.newest, ids.oldest]);
    expect(await ids_({ tone: "humorous" })).toEqual([ids.oldest]);
    expect(await ids_({ platform: "all", language: "all", tone: "all" })).toEqual([ids.newest, ids.middle, ids.oldest]);
    expect((await list(anna.cookie, { platform: "twitter", tone: "formal" })).total).toBe(0);
  });

  it("searches key points and posts case-insensitively, by word beginnings", async () => {
    const found = async (search: string) => (await list(anna.cookie, { search })).entries.map((entry) => entry.id);
    expect(await found("zimtschnecken")).toEqual([ids.newest]); // key points and a post, Ben's not
    expect(await found("GRILL")).toEqual([ids.oldest]); // only in a post
    expect(await found("quarter")).toEqual([ids.middle]); // prefix of a key point
    expect(await found("äpfel")).toEqual([ids.middle]); // umlaut, lower case of "Äpfel"
    expect(await found("#bäckerei")).toEqual([ids.newest]);
    expect(await found("sommerfest garten")).toEqual([ids.oldest]); // every word must match
    expect(await found("sommerfest linkedin")).toEqual([]);
    expect(await found("' & | ! :*")).toHaveLength(3); // no words: no search filter, no SQL error
  });

  it("refuses unknown filters with 400 and needs a session", async () => {
    // Filters the typed client would not send: the raw request, as any client may send it.
    const response = await t.request("/api/archive?platform=myspace", { cookie: anna.cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Ungültige Filter für das Archiv.", code: "INVALID_INPUT" });
    expect((await t.api(anna.cookie).archive.$get({ query: { ...NO_FILTER, page: "0" } })).status).toBe(400);
    expect((await t.api().archive.$get({ query: NO_FILTER })).status).toBe(401);
  });

  it.each(["2147483648", "1e3", "1e309", "0x10", "1.5", "NaN", "-1"])(
    "refuses page=%s with the German message, reading only plain digits",
    async (page) => {
      const response = await t.api(anna.cookie).archive.$get({ query: { ...NO_FILTER, page } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Ungültige Filter für das Archiv.", code: "INVALID_INPUT" });
    },
  );
});

describe("another user's entry", () => {
  it("never appears in the list or the search", async () => {
    const benList = await list(ben.cookie);
    expect(benList.total).toBe(1);
    expect(benList.entries.map((entry) => entry.id)).toEqual([ids.ben]);
    const search = await list(anna.cookie, { search: "bens" });
    expect(search.total).toBe(0);
  });

  it("cannot be read (404)", async () => {
    const response = await entry(ben.cookie, ids.newest ?? "");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Eintrag nicht gefunden", code: "NOT_FOUND" });
    expect((await entry(anna.cookie, ids.newest ?? "")).status).toBe(200);
  });

  it("cannot be deleted (404) and stays in place", async () => {
    const response = await remove(ben.cookie, ids.newest ?? "");
    expect(response.status).toBe(404);
    expect(
      await t.db
        .select()
        .from(archivedPosts)
        .where(eq(archivedPosts.id, ids.newest ?? "")),
    ).toHaveLength(1);
  });
});

describe("DELETE /api/archive/:id", () => {
  it("deletes the user's own entry, after which it is gone", async () => {
    const id = await archive(
      anna.userId,
      { platform: "facebook", language: "german", tone: "friendly", keyPoints: "Weg damit", posts: ["a", "b", "c"] },
      10,
    );
    expectAnswer(await readJson(await remove(anna.cookie, id), 200)).toEqual({ deleted: true });
    expect((await remove(anna.cookie, id)).status).toBe(404);
    expect((await entry(anna.cookie, id)).status).toBe(404);
  });

  it("answers 404 for ids that are no UUID, and 401 without a session", async () => {
    expect((await remove(anna.cookie, "123")).status).toBe(404);
    expect((await entry(anna.cookie, "kein-eintrag")).status).toBe(404);
    expect((await remove(undefined, ids.oldest ?? "")).status).toBe(401);
  });
});

describe("the provenance of an entry (ADR 0025)", () => {
  const provenance: ArchiveProvenance = {
    demo: false,
    provider: "anthropic",
    model: "claude-haiku-4-5",
    promptConfigurationId: "7f1c1e0a-0000-4000-8000-000000000001",
    promptHash: "0123456789abcdef",
    tokenConfigurationId: "7f1c1e0a-0000-4000-8000-000000000002",
    maxTokens: 4000,
  };

  it("is stored by createArchiveEntry and returned as it is by list and entry", async () => {
    const dora = await signUp("dora-archiv@example.test");
    const id = await createArchiveEntry(t.db, {
      userId: dora.userId,
      platform: "facebook",
      language: "german",
      tone: "friendly",
      keyPoints: "Herkunft",
      website: null,
      imageUrl: null,
      posts: ["Eins", "Zwei", "Drei"],
      demo: false,
      provenance,
    });
    expect((await readJson(await entry(dora.cookie, id), 200)).provenance).toEqual(provenance);
    expect((await list(dora.cookie)).entries[0]).toMatchObject({ id, provenance });
  });

  it("reads as one German line, for old entries too", () => {
    expect(describeArchiveProvenance({ demo: false, provenance })).toBe(
      "Erstellt mit KI · Modell claude-haiku-4-5 (Anthropic)",
    );
    const demo = { ...provenance, demo: true, provider: null, model: null, promptHash: null, maxTokens: null };
    expect(describeArchiveProvenance({ demo: true, provenance: demo })).toBe("Erstellt ohne KI · Demo-Modus");
    expect(describeArchiveProvenance({ demo: false, provenance: null })).toBe("Erstellt mit KI");
    // The demo column predates the provenance, so an old demo entry is still told apart.
    expect(describeArchiveProvenance({ demo: true, provenance: null })).toBe("Erstellt ohne KI · Demo-Modus");
  });
});

describe("buildSearchQuery", () => {
  it("turns words into a prefix query and drops everything else", () => {
    expect(buildSearchQuery("Zimt Schnecke")).toBe("'zimt':* & 'schnecke':*");
    expect(buildSearchQuery("O'Reilly & | !")).toBe("'o':* & 'reilly':*");
    expect(buildSearchQuery("  ")).toBeNull();
  });
});
