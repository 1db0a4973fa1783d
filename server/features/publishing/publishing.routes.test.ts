import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { notifications, publishingCaps, socialAccounts, socialOauthStates } from "#server/db/schema/publishing.ts";
import { listConnections } from "#server/features/connections/connections.service.ts";
import type { PublicationView } from "#shared/publishing.schemas.ts";
import { PUBLISHING_ERRORS } from "#shared/publishing.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { berlinIso, mondayAhead } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";
import { createUnconfiguredNetworks } from "../../../tests/support/unconfigured-networks.ts";

/** A Monday a few weeks ahead, inside the planning horizon (ADR 0077). */
const MONDAY = mondayAhead();

// The routes of "Verbundene Konten", posts and notifications through the real Hono app (ADR 0053):
// German messages with a stable code, 400/404/409 for bad input, never 500.

let t: TestApp;
let cookie: string;
const networks = createScriptedNetworks();

beforeAll(async () => {
  t = await createTestApp({ overrides: { networks } });
  cookie = await t.signUpAndConfirm("planer@example.test");
});
afterAll(async () => {
  await t.close();
});

const send = (path: string, method: string, body?: unknown) =>
  t.request(path, { method, cookie, body: body === undefined ? undefined : JSON.stringify(body) });

async function connectX(code: string, network: "x" | "linkedin" = "x"): Promise<string> {
  const start = await send(`/api/connections/${network}/start`, "POST");
  expect(start.status).toBe(200);
  const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
  const state = new URL(authorizationUrl).searchParams.get("state") ?? "";
  const back = await t.request(`/api/connections/${network}/callback?code=${code}&state=${state}`, { cookie });
  expect(back.status).toBe(302);
  expect(back.headers.get("location")).toBe(`/konto/verbundene-konten?verbunden=${network}`);
  const list = (await (await send("/api/connections", "GET")).json()) as {
    networks: { network: string; accounts: { id: string; handle: string }[] }[];
  };
  const accounts = list.networks.find((n) => n.network === network)?.accounts ?? [];
  const account = accounts.find((a) => a.handle === `@${code}`) ?? accounts.at(-1);
  if (!account) throw new Error("account missing");
  return account.id;
}

async function connectBluesky(handle: string): Promise<string> {
  const connected = await send("/api/connections/bluesky/app-password", "POST", {
    identifier: `${handle}.bsky.social`,
    appPassword: "app-pass-word",
  });
  expect(connected.status).toBe(201);
  return ((await connected.json()) as { accountId: string }).accountId;
}

describe("/api/connections", () => {
  it("asks to sign in first", async () => {
    const response = await t.request("/api/connections");
    expect(response.status).toBe(401);
  });

  it("connects X through OAuth with the PKCE verifier kept on the server, and the state works once", async () => {
    const start = await send("/api/connections/x/start", "POST");
    const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
    const url = new URL(authorizationUrl);
    const state = url.searchParams.get("state") ?? "";
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/connections/x/callback");
    const [stored] = await t.db.select().from(socialOauthStates).where(eq(socialOauthStates.state, state));
    expect(stored?.codeVerifier).toMatch(/^v1\./);

    const back = await t.request(`/api/connections/x/callback?code=anna&state=${state}`, { cookie });
    expect(back.headers.get("location")).toBe("/konto/verbundene-konten?verbunden=x");
    const again = await t.request(`/api/connections/x/callback?code=anna&state=${state}`, { cookie });
    expect(again.headers.get("location")).toBe("/konto/verbundene-konten?fehler=OAUTH_STATE_INVALID");
    const denied = await t.request(`/api/connections/x/callback?error=access_denied&state=${state}`, { cookie });
    expect(denied.headers.get("location")).toBe("/konto/verbundene-konten?fehler=OAUTH_DENIED");

    const [account] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.handle, "@anna"));
    expect(account?.tokens).not.toContain("anna-access");
    const list = await (await send("/api/connections", "GET")).text();
    expect(list).not.toContain("anna-access");
    expect(list).not.toContain("anna-refresh");
  });

  it("connects Bluesky with a handle and an app password, and refuses a wrong one with a code", async () => {
    const wrong = await send("/api/connections/bluesky/app-password", "POST", {
      identifier: "ben.bsky.social",
      appPassword: "nope",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: "Handle oder App-Passwort stimmen nicht.",
      code: "CREDENTIALS_REJECTED",
    });
    const right = await send("/api/connections/bluesky/app-password", "POST", {
      identifier: "ben.bsky.social",
      appPassword: "app-pass-word",
    });
    expect(right.status).toBe(201);
    const oauthOnBluesky = await send("/api/connections/bluesky/start", "POST");
    expect(oauthOnBluesky.status).toBe(400);
    const unknown = await send("/api/connections/myspace/start", "POST");
    expect(unknown.status).toBe(400);
  });

  it("shows a network without operator settings as 'vom Betreiber nicht eingerichtet'", async () => {
    const list = await listConnections({ ...t.deps, networks: createUnconfiguredNetworks() }, "nobody");
    expect(list.networks.map((n) => [n.network, n.configured, n.notConfiguredLabel])).toEqual([
      ["x", false, "vom Betreiber nicht eingerichtet"],
      ["linkedin", false, "vom Betreiber nicht eingerichtet"],
      ["bluesky", false, "vom Betreiber nicht eingerichtet"],
      ["facebook", false, "vom Betreiber nicht eingerichtet"],
      ["instagram", false, "vom Betreiber nicht eingerichtet"],
      ["threads", false, "vom Betreiber nicht eingerichtet"],
      ["mastodon", false, "vom Betreiber nicht eingerichtet"],
    ]);
  });
});

describe("/api/posts", () => {
  it("plans one post for several accounts with a text each, lists, edits and cancels it", async () => {
    const xId = await connectX("carla");
    const blueskyId = await connectBluesky("carla");
    const created = await send("/api/posts", "POST", {
      targets: [
        { accountId: xId, text: "Kurz für X" },
        { accountId: blueskyId, text: "Etwas länger für Bluesky" },
      ],
      plannedFor: { date: MONDAY, time: "09:15" },
    });
    expect(created.status).toBe(201);
    const { posts } = (await created.json()) as { posts: PublicationView[] };
    expect(posts.map((post) => [post.network, post.text, post.statusLabel, post.scheduledAt])).toEqual([
      ["x", "Kurz für X", "Geplant", berlinIso(MONDAY, "09:15")],
      ["bluesky", "Etwas länger für Bluesky", "Geplant", berlinIso(MONDAY, "09:15")],
    ]);
    const [xPost] = posts;
    if (!xPost) throw new Error("no post");

    const week = (await (await send(`/api/posts?week=${mondayAhead(4, 2)}&status=planned`, "GET")).json()) as {
      posts: PublicationView[];
    };
    expect(week.posts).toHaveLength(2);
    const otherWeek = (await (await send(`/api/posts?week=${mondayAhead(5)}`, "GET")).json()) as {
      posts: PublicationView[];
    };
    expect(otherWeek.posts).toHaveLength(0);
    const onlyX = (await (await send(`/api/posts?accountId=${xId}`, "GET")).json()) as { posts: PublicationView[] };
    expect(onlyX.posts.map((post) => post.network)).toEqual(["x"]);

    const edited = await send(`/api/posts/${xPost.id}`, "PATCH", {
      text: "Neu für X",
      plannedFor: { date: mondayAhead(4, 1), time: "10:00" },
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as PublicationView).scheduledAt).toBe(berlinIso(mondayAhead(4, 1), "10:00"));
    const cancelled = await send(`/api/posts/${xPost.id}/cancel`, "POST");
    expect(((await cancelled.json()) as PublicationView).status).toBe("cancelled");
    const twice = await send(`/api/posts/${xPost.id}/cancel`, "POST");
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { code: string }).code).toBe("POST_NOT_EDITABLE");
  });

  it("refuses what the network would refuse, a past time and a foreign account, in German with a code", async () => {
    const xId = await connectX("dora");
    const tooLong = await send("/api/posts", "POST", { targets: [{ accountId: xId, text: "x".repeat(281) }] });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({
      error: "Der Text für X ist 281 Zeichen lang; erlaubt sind 280.",
      code: "POST_TOO_LONG",
    });
    const past = await send("/api/posts", "POST", {
      targets: [{ accountId: xId, text: "Gestern" }],
      plannedFor: { date: "2020-01-01", time: "10:00" },
    });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { code: string }).code).toBe("TIME_IN_PAST");
    const foreign = await send("/api/posts", "POST", {
      targets: [{ accountId: "00000000-0000-4000-8000-000000000000", text: "Fremd" }],
    });
    expect(foreign.status).toBe(409);
    expect(((await foreign.json()) as { code: string }).code).toBe("ACCOUNT_NOT_FOUND");
    const blank = await send("/api/posts", "POST", { targets: [{ accountId: xId, text: "   " }] });
    expect(((await blank.json()) as { code: string }).code).toBe("POST_EMPTY");
  });

  it("refuses a time beyond the planning horizon with a German 400, also with a monthly cap set (ADR 0077)", async () => {
    const xId = await connectX("horizont");
    await t.db.insert(publishingCaps).values({ plan: "free", network: "x", monthlyMax: 100 });
    try {
      const farAway = { date: "9999-12-31", time: "23:59" };
      const answers = await Promise.all([
        send("/api/posts", "POST", { targets: [{ accountId: xId, text: "Sehr spät" }], plannedFor: farAway }),
        send("/api/posts/threads", "POST", { accountId: xId, posts: ["Eins", "Zwei"], plannedFor: farAway }),
        send("/api/posts", "POST", {
          targets: [{ accountId: xId, text: "Übernächstes Jahr" }],
          plannedFor: { date: mondayAhead(60), time: "09:00" },
        }),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(((await answer.json()) as { code: string }).code).toBe("TIME_TOO_FAR");
      }
      const planned = await send("/api/posts", "POST", {
        targets: [{ accountId: xId, text: "Bald" }],
        plannedFor: { date: MONDAY, time: "09:00" },
      });
      const [post] = ((await planned.json()) as { posts: PublicationView[] }).posts;
      const moved = await send(`/api/posts/${post?.id}`, "PATCH", { plannedFor: farAway });
      expect(moved.status).toBe(400);
      expect(((await moved.json()) as { error: string }).error).toMatch(/höchstens 365 Tage im Voraus/);
    } finally {
      await t.db.delete(publishingCaps);
    }
  });

  it("answers 400 or 404 to nonsense, never 500", async () => {
    const answers = await Promise.all([
      send("/api/posts", "POST", { targets: "nein" }),
      send("/api/posts", "POST", { targets: [{ accountId: "kein-uuid", text: "a" }] }),
      send("/api/posts?week=morgen", "GET"),
      send("/api/posts?status=verschollen", "GET"),
      send("/api/posts/kein-uuid", "GET"),
      send("/api/posts/00000000-0000-4000-8000-000000000000", "PATCH", { text: "a" }),
      send("/api/posts/kein-uuid/cancel", "POST"),
      send("/api/posts", "POST", {
        targets: [{ accountId: "00000000-0000-4000-8000-000000000000", text: "a" }],
        plannedFor: { date: "2099-02-30", time: "25:00" },
      }),
      send("/api/connections/accounts/kein-uuid", "DELETE"),
      send("/api/notifications/kein-uuid/read", "POST"),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 404, 404, 404, 400, 404, 404]);
  });
});

describe("/api/posts/threads (ADR 0066)", () => {
  it("plans a thread for an X account, shows its posts and progress, and refuses to continue what has not stopped", async () => {
    const xId = await connectX("fritz");
    const created = await send("/api/posts/threads", "POST", {
      accountId: xId,
      posts: ["Erster Teil", "Zweiter Teil", "Dritter Teil"],
      plannedFor: { date: MONDAY, time: "08:00" },
    });
    expect(created.status).toBe(201);
    const { post } = (await created.json()) as { post: PublicationView };
    expect([post.text, post.statusLabel]).toEqual(["Erster Teil", "Geplant"]);
    expect(post.thread).toEqual({
      posts: [1, 2, 3].map((position) => ({
        position,
        text: ["Erster Teil", "Zweiter Teil", "Dritter Teil"][position - 1],
        status: "pending",
        statusLabel: "Ausstehend",
        externalUrl: null,
      })),
      sent: 0,
      total: 3,
      progressLabel: "0 von 3 gesendet",
      resumable: false,
    });
    const read = (await (await send(`/api/posts/${post.id}`, "GET")).json()) as PublicationView;
    expect(read.thread?.total).toBe(3);
    const listed = (await (await send(`/api/posts?accountId=${xId}`, "GET")).json()) as { posts: PublicationView[] };
    expect(listed.posts[0]?.thread?.progressLabel).toBe("0 von 3 gesendet");

    const resume = await send(`/api/posts/${post.id}/resume`, "POST");
    expect(resume.status).toBe(409);
    expect(((await resume.json()) as { code: string }).code).toBe("THREAD_NOT_RESUMABLE");
    const edit = await send(`/api/posts/${post.id}`, "PATCH", { text: "Anders" });
    expect(edit.status).toBe(409);
    expect(((await edit.json()) as { code: string }).code).toBe("POST_NOT_EDITABLE");
  });

  it("refuses LinkedIn, a post over 280 weighted characters, and too few or too many posts", async () => {
    const xId = await connectX("gerda");
    const linkedInId = await connectX("gerda-li", "linkedin");
    const notThreads = await send("/api/posts/threads", "POST", { accountId: linkedInId, posts: ["Eins", "Zwei"] });
    expect(notThreads.status).toBe(400);
    expect(await notThreads.json()).toEqual({
      error: PUBLISHING_ERRORS.THREAD_NOT_SUPPORTED,
      code: "THREAD_NOT_SUPPORTED",
    });
    // Each emoji weighs 2 on X: 141 of them are 282.
    const tooLong = await send("/api/posts/threads", "POST", { accountId: xId, posts: ["Eins", "🙂".repeat(141)] });
    expect(await tooLong.json()).toEqual({
      error: "Beitrag 2 des Threads ist 282 Zeichen lang; erlaubt sind 280.",
      code: "POST_TOO_LONG",
    });
    const one = await send("/api/posts/threads", "POST", { accountId: xId, posts: ["Allein"] });
    expect(await one.json()).toEqual({ error: "Ein Thread hat mindestens 2 Beiträge.", code: "INVALID_INPUT" });
    const many = await send("/api/posts/threads", "POST", { accountId: xId, posts: Array(26).fill("Viel") });
    expect(await many.json()).toEqual({ error: "Ein Thread hat höchstens 25 Beiträge.", code: "INVALID_INPUT" });
    const answers = await Promise.all([
      send("/api/posts/threads", "POST", { accountId: xId, posts: "nein" }),
      send("/api/posts/threads", "POST", { accountId: "kein-uuid", posts: ["a", "b"] }),
      send("/api/posts/kein-uuid/resume", "POST"),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 404]);
  });
});

describe("disconnecting and notifications", () => {
  it("disconnecting deletes the tokens and cancels the account's planned posts", async () => {
    const xId = await connectX("emil");
    const created = await send("/api/posts", "POST", {
      targets: [{ accountId: xId, text: "Wird abgesagt" }],
      plannedFor: { date: MONDAY, time: "10:00" },
    });
    const { posts } = (await created.json()) as { posts: PublicationView[] };
    const removed = await send(`/api/connections/accounts/${xId}`, "DELETE");
    expect(removed.status).toBe(200);
    expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, xId))).toEqual([]);
    const post = (await (await send(`/api/posts/${posts[0]?.id}`, "GET")).json()) as PublicationView;
    expect([post.status, post.accountId]).toEqual(["cancelled", null]);
    const again = await send("/api/posts", "POST", { targets: [{ accountId: xId, text: "Zu spät" }] });
    expect(again.status).toBe(409);
  });

  it("lists notifications with an unread count and marks them read", async () => {
    const [me] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "planer@example.test"));
    const owner = me?.id ?? "";
    await t.db.insert(notifications).values([
      { userId: owner, kind: "sent", message: "Eins" },
      { userId: owner, kind: "failed", message: "Zwei" },
    ]);
    const count = (await (await send("/api/notifications/unread-count", "GET")).json()) as { unread: number };
    expect(count.unread).toBe(2);
    const list = (await (await send("/api/notifications", "GET")).json()) as { notifications: { id: string }[] };
    const first = list.notifications[0]?.id;
    expect((await send(`/api/notifications/${first}/read`, "POST")).status).toBe(200);
    expect(((await (await send("/api/notifications/unread-count", "GET")).json()) as { unread: number }).unread).toBe(
      1,
    );
    await send("/api/notifications/read", "POST");
    expect(((await (await send("/api/notifications/unread-count", "GET")).json()) as { unread: number }).unread).toBe(
      0,
    );
  });
});
