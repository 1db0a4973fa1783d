import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicationView } from "#shared/publishing.schemas.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { mondayAhead } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";

// POST /api/posts/threads for a Bluesky account (ADR 0088) through the real Hono app: taken, each
// post counted in graphemes against Bluesky's 300, a longer one refused with a German 400.

const MONDAY = mondayAhead();
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ overrides: { networks: createScriptedNetworks() } });
  cookie = await t.signUpAndConfirm("faden@example.test");
});
afterAll(async () => {
  await t.close();
});

const send = (path: string, method: string, body?: unknown) =>
  t.request(path, { method, cookie, body: body === undefined ? undefined : JSON.stringify(body) });

async function connectBluesky(handle: string): Promise<string> {
  const connected = await send("/api/connections/bluesky/app-password", "POST", {
    identifier: `${handle}.bsky.social`,
    appPassword: "app-pass-word",
  });
  expect(connected.status).toBe(201);
  return ((await connected.json()) as { accountId: string }).accountId;
}

describe("/api/posts/threads for Bluesky (ADR 0088)", () => {
  it("plans a thread whose posts fit in 300 graphemes, though emoji and umlauts are longer in code points and bytes", async () => {
    const accountId = await connectBluesky("gerda");
    const posts = ["👋🏽".repeat(150) + "ä".repeat(150), "Zwei"];
    const created = await send("/api/posts/threads", "POST", {
      accountId,
      posts,
      plannedFor: { date: MONDAY, time: "09:00" },
    });
    expect(created.status).toBe(201);
    const { post } = (await created.json()) as { post: PublicationView };
    expect([post.network, post.statusLabel, post.thread?.total, post.thread?.progressLabel]).toEqual([
      "bluesky",
      "Geplant",
      2,
      "0 von 2 gesendet",
    ]);
  });

  it("refuses a post over 300 graphemes with a German 400 naming the post", async () => {
    const accountId = await connectBluesky("hanna");
    const tooLong = await send("/api/posts/threads", "POST", {
      accountId,
      posts: ["Eins", "Zwei", "ä".repeat(301)],
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({
      error: "Beitrag 3 des Threads ist 301 Zeichen lang; erlaubt sind 300.",
      code: "POST_TOO_LONG",
    });
  });
});
