import { beforeAll, describe, expect, it } from "vitest";
import { publications } from "#server/db/schema/publishing.ts";
import { DUPLICATE_TARGET_MESSAGE, PUBLISHING_ERRORS } from "#shared/publishing.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { mondayAhead } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";

// What POST /api/posts and /api/posts/threads refuse before anything is written (ADR 0053, 0083):
// a text that shows nothing, and the same account twice in one request.

setUpTestApp({ overrides: { networks: createScriptedNetworks() } });

let cookie: string;
let blueskyId: string;
let xId: string;

beforeAll(async () => {
  cookie = await t.signUpAndConfirm("eingaben@example.test");
  const connected = await t.postJson(
    "/api/connections/bluesky/app-password",
    { identifier: "eingaben.bsky.social", appPassword: "app-pass-word" },
    cookie,
  );
  blueskyId = ((await connected.json()) as { accountId: string }).accountId;
  const start = await t.request("/api/connections/x/start", { method: "POST", cookie });
  const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
  const state = new URL(authorizationUrl).searchParams.get("state") ?? "";
  await t.request(`/api/connections/x/callback?code=eingaben&state=${state}`, { cookie });
  const list = (await (await t.request("/api/connections", { cookie })).json()) as {
    networks: { network: string; accounts: { id: string }[] }[];
  };
  xId = list.networks.find((group) => group.network === "x")?.accounts[0]?.id ?? expect.unreachable("X fehlt");
});

/** Inside the planning horizon (ADR 0077). */
const planned = { date: mondayAhead(), time: "08:00" };
// The file's app has its own database: every row in it is this account's.
const writtenPosts = () => t.db.select().from(publications);

describe("a text without a visible character", () => {
  it.each([
    ["zero-width spaces", "\u200B\u200B"],
    ["a zero-width joiner", "\u200D"],
    ["a byte-order mark", "\uFEFF"],
    ["a word joiner", "\u2060"],
    ["combining accents only", "\u0301\u0301"],
    ["white space only", " \n\t "],
  ])("is refused as empty on POST /api/posts: %s", async (_name, text) => {
    const response = await t.postJson(
      "/api/posts",
      { targets: [{ accountId: blueskyId, text }], plannedFor: planned },
      cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: PUBLISHING_ERRORS.POST_EMPTY, code: "POST_EMPTY" });
  });

  it("is refused as a thread's post too", async () => {
    const response = await t.postJson(
      "/api/posts/threads",
      { accountId: xId, posts: ["Erster Beitrag", "\u200B\u2060\u200D"], plannedFor: planned },
      cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: PUBLISHING_ERRORS.POST_EMPTY, code: "POST_EMPTY" });
    expect(await writtenPosts()).toEqual([]);
  });
});

describe("the same account twice", () => {
  it("is refused with a German 400, and nothing is planned", async () => {
    const targets = Array.from({ length: 10 }, () => ({ accountId: blueskyId, text: "Zehnmal derselbe Beitrag" }));
    const response = await t.postJson("/api/posts", { targets, plannedFor: planned }, cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: DUPLICATE_TARGET_MESSAGE, code: "INVALID_INPUT" });
    expect(await writtenPosts()).toEqual([]);
  });

  it("is the same account whatever the case of its id", async () => {
    const targets = [
      { accountId: blueskyId, text: "Einmal" },
      { accountId: blueskyId.toUpperCase(), text: "Noch einmal" },
    ];
    const response = await t.postJson("/api/posts", { targets, plannedFor: planned }, cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: DUPLICATE_TARGET_MESSAGE, code: "INVALID_INPUT" });
  });

  it("is not two different accounts", async () => {
    const response = await t.postJson(
      "/api/posts",
      {
        targets: [
          { accountId: blueskyId, text: "Für Bluesky" },
          { accountId: xId, text: "Für X" },
        ],
        plannedFor: planned,
      },
      cookie,
    );
    expect(response.status).toBe(201);
    expect(await writtenPosts()).toHaveLength(2);
  });
});
