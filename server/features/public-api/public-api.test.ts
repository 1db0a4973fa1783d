import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { apiActivity, apiKeys } from "#server/db/schema/public-api.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import { processPublication } from "#server/features/publishing/delivery.service.ts";
import type { SocialNetwork } from "#server/integrations/social/social-network.ts";
import { createXNetwork } from "#server/integrations/x/x-network.ts";
import { DEFAULT_API_REQUESTS_PER_MINUTE } from "#shared/public-api.ts";
import { connectThroughFake } from "../../../tests/mocks/social-fake.ts";
import { startXFake, type XFake } from "../../../tests/mocks/x-server.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { connectMcp, mcpResultOf, publicApiClient } from "../../../tests/support/public-api.ts";
import { mondayAhead } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";
import { writeApiPlanLimit } from "./api-plan-limits.service.ts";

// The public API and the MCP server through the real Hono app (ADR 0107–0111): keys, scopes,
// the OpenAPI contract (every answer checked against the published document), Idempotency-Key,
// per-key rate limits, and an MCP client whose planned post goes out through the X fake once.

type Api = Awaited<ReturnType<typeof publicApiClient>>;

let t: TestApp;
let fake: XFake;
let x: SocialNetwork;
let cookie: string;
let accountId: string;
let newKey: Api["newKey"];
let call: Api["call"];
let contract: Api["contract"];
let doc: Api["doc"];
let ajv: Api["ajv"];

beforeAll(async () => {
  fake = await startXFake();
  x = createXNetwork({ ...fake.settings, timeoutMs: 30_000 });
  t = await createTestApp({ overrides: { networks: { ...createScriptedNetworks(), x } } });
  cookie = await t.signUpAndConfirm("api@example.test");
  const [owner] = await t.db.select().from(user).where(eq(user.email, "api@example.test"));
  const tokens = await connectThroughFake(x, "apianna");
  const identity = await x.identity(tokens);
  accountId = crypto.randomUUID();
  await t.db.insert(socialAccounts).values({
    id: accountId,
    userId: owner?.id ?? "",
    network: "x",
    externalId: identity.externalId,
    handle: identity.handle,
    displayName: identity.displayName,
    profileUrl: identity.profileUrl,
    ...tokenColumns(t.deps.tokenBox, accountId, tokens, null),
  });
  ({ newKey, call, contract, doc, ajv } = await publicApiClient(t, cookie));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const planned = { date: mondayAhead(), time: "09:30" };

describe("API keys on /konto", () => {
  it("shows a key once and stores only its hash", async () => {
    const key = await newKey(["posts:read"]);
    expect(key).toMatch(/^pw_live_[\w-]{40,}$/);
    const list = (await (await t.request("/api/api-keys", { cookie })).json()) as { keys: { prefix: string }[] };
    expect(JSON.stringify(list)).not.toContain(key);
    expect(list.keys[0]?.prefix).toBe(key.slice(0, 14));
    const stored = await t.db.select().from(apiKeys);
    expect(stored.some((row) => row.keyHash === key)).toBe(false);
  });
});

describe("/api/v1 contract", () => {
  it("publishes an OpenAPI 3.1 document whose schemas compile", () => {
    expect(doc.openapi).toBe("3.1.0");
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations))
        for (const answer of Object.values(operation.responses)) {
          const schema = answer.content?.["application/json"]?.schema;
          expect(() => ajv.compile({ ...schema, components: doc.components }), `${method} ${path}`).not.toThrow();
        }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/accounts", "/posts", "/posts/{id}", "/threads", "/media", "/optimizer/score"]),
    );
  });

  it("answers every route as the document says", async () => {
    const key = await newKey(["posts:read", "posts:write"]);
    await contract(await call(key, "/accounts"), "/accounts", "get");
    const created = (await contract(
      await call(key, "/posts", {
        method: "POST",
        body: { targets: [{ accountId, text: "Geplant über die API" }], plannedFor: planned },
      }),
      "/posts",
      "post",
    )) as { posts: { id: string; status: string }[] };
    const id = created.posts[0]?.id ?? "";
    expect(created.posts[0]?.status).toBe("planned");
    await contract(await call(key, `/posts/${id}`), "/posts/{id}", "get");
    await contract(
      await call(key, `/posts/${id}`, { method: "PATCH", body: { text: "Geändert" } }),
      "/posts/{id}",
      "patch",
    );
    const list = (await contract(await call(key, "/posts?status=planned&limit=1"), "/posts", "get")) as {
      posts: unknown[];
    };
    expect(list.posts).toHaveLength(1);
    await contract(await call(key, `/posts/${id}/cancel`, { method: "POST" }), "/posts/{id}/cancel", "post");
    await contract(await call(key, `/posts/${id}/retry`, { method: "POST" }), "/posts/{id}/retry", "post");
    const thread = await call(key, "/threads", {
      method: "POST",
      body: { accountId, posts: ["Eins", "Zwei"], when: "draft" },
    });
    expect(((await contract(thread, "/threads", "post")) as { draft: unknown }).draft).not.toBeNull();
    await contract(
      await call(key, "/optimizer/score", { method: "POST", body: { text: "Hallo Welt" } }),
      "/optimizer/score",
      "post",
    );
    const missing = await call(key, `/posts/${crypto.randomUUID()}`);
    expect(((await contract(missing, "/posts/{id}", "get")) as { code: string }).code).toBe("POST_NOT_FOUND");
    const bad = await call(key, "/posts", { method: "POST", body: { targets: [] } });
    expect(((await contract(bad, "/posts", "post")) as { error: string }).error).toMatch(/[äöüÄÖÜß]|Angaben|Bitte/);
  });

  it("pages with a cursor, newest plan first, without repeating a post", async () => {
    const key = await newKey(["posts:read", "posts:write"]);
    for (const time of ["10:00", "11:00", "12:00"])
      await call(key, "/posts", {
        method: "POST",
        body: { targets: [{ accountId, text: `Seite ${time}` }], plannedFor: { ...planned, time } },
      });
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = (await (await call(key, `/posts?limit=2${cursor ? `&cursor=${cursor}` : ""}`)).json()) as {
        posts: { id: string }[];
        nextCursor: string | null;
      };
      seen.push(...page.posts.map((post) => post.id));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(4);
  });
});

describe("Idempotency-Key", () => {
  it("replays the same answer for the same body, refuses another body, and makes one post from parallel retries", async () => {
    const key = await newKey(["posts:write"]);
    const body = { targets: [{ accountId, text: "Einmal, bitte" }], plannedFor: planned };
    const headers = { "idempotency-key": "order-1" };
    const first = await call(key, "/posts", { method: "POST", body, headers });
    const again = await call(key, "/posts", { method: "POST", body, headers });
    expect(first.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    const other = await call(key, "/posts", {
      method: "POST",
      body: { ...body, targets: [{ accountId, text: "Anders" }] },
      headers,
    });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { code: string }).code).toBe("IDEMPOTENCY_KEY_REUSED");

    const parallel = { targets: [{ accountId, text: "Parallel gesendet" }], plannedFor: planned };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(key, "/posts", { method: "POST", body: parallel, headers: { "idempotency-key": "p-1" } }),
      ),
    );
    const ids = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { posts: { id: string }[] }).posts[0]?.id),
    );
    expect(new Set(ids).size).toBe(1);
    const rows = await t.db.select().from(publications).where(eq(publications.text, "Parallel gesendet"));
    expect(rows).toHaveLength(1);
  });

  it("creates every post and draft of parallel requests under their own keys (PostgreSQL: no deadlock on the user's row)", async () => {
    const key = await newKey(["posts:write"]);
    const send = (i: number) =>
      call(key, "/posts", {
        method: "POST",
        body: {
          targets: [{ accountId, text: `Gleichzeitig ${i}` }],
          ...(i % 3 === 0 ? { when: "draft" } : { plannedFor: planned }),
        },
        headers: { "idempotency-key": `own-${i}` },
      });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => send(i)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 12 }, () => 201));
    const rows = await t.db.select().from(publications).where(like(publications.text, "Gleichzeitig %"));
    expect(rows).toHaveLength(8);
  });
});

describe("keys, scopes and limits", () => {
  it("refuses a missing, a wrong and a revoked key with 401, and a read key's write with 403", async () => {
    expect((await t.app.request("/api/v1/accounts")).status).toBe(401);
    expect((await call("pw_live_nichtda", "/accounts")).status).toBe(401);
    const key = await newKey(["posts:read"]);
    expect((await call(key, "/accounts")).status).toBe(200);
    const write = await call(key, "/posts", { method: "POST", body: { targets: [{ accountId, text: "Nein" }] } });
    expect(write.status).toBe(403);
    expect(((await write.json()) as { code: string }).code).toBe("SCOPE_MISSING");
    const [row] = await t.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.prefix, key.slice(0, 14)));
    expect(row?.lastUsedAt).not.toBeNull();
    expect((await t.postJson(`/api/api-keys/${row?.id}/revoke`, {}, cookie)).status).toBe(200);
    const revoked = await call(key, "/accounts");
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { code: string }).code).toBe("API_KEY_INVALID");
  });

  it("limits each key per minute with RateLimit headers and a 429 with Retry-After", async () => {
    await writeApiPlanLimit(t.db, "free", 2);
    try {
      const key = await newKey(["posts:read"]);
      const other = await newKey(["posts:read"]);
      const first = await call(key, "/accounts");
      expect(first.headers.get("ratelimit-policy")).toBe('"per-key";q=2;w=60');
      expect(first.headers.get("ratelimit")).toMatch(/^"per-key";r=1;t=\d+$/);
      expect((await call(key, "/accounts")).status).toBe(200);
      const third = await call(key, "/accounts");
      expect(third.status).toBe(429);
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await third.json()) as { code: string }).code).toBe("TOO_MANY_REQUESTS");
      expect((await call(other, "/accounts")).status).toBe(200);
      await writeApiPlanLimit(t.db, "free", 0);
      expect((await call(other, "/accounts")).status).toBe(403);
    } finally {
      await writeApiPlanLimit(t.db, "free", DEFAULT_API_REQUESTS_PER_MINUTE);
    }
  });
});

describe("MCP server", () => {
  const connect = (key: string) => connectMcp(t, key);
  const textOf = mcpResultOf;

  it("lists the tools a key's scopes allow; an agent without consent only drafts", async () => {
    const client = await connect(await newKey(["posts:read", "posts:write"]));
    const { tools } = await client.listTools();
    // Each tool describes its arguments as JSON Schema, from the same zod shape that checks them.
    expect(tools.find((tool) => tool.name === "draft_post")?.inputSchema).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["accountIds", "text"]),
      properties: { accountIds: { type: "array", items: { format: "uuid" } }, text: { type: "string" } },
    });
    const names = tools.map((tool) => tool.name).sort();
    expect(names).toEqual([
      "cancel_post",
      "draft_post",
      "get_post",
      "list_accounts",
      "list_posts",
      "schedule_post",
      "score_x_post",
    ]);
    const scheduled = textOf(
      await client.callTool({
        name: "schedule_post",
        arguments: { accountIds: [accountId], text: "Ohne Freigabe", plannedFor: planned },
      }),
    );
    expect(scheduled.posts).toEqual([]);
    expect(scheduled.draft.text).toBe("Ohne Freigabe");
    await client.close();
  });

  it("refuses an unknown tool and invalid arguments in German, each in the activity log", async () => {
    const client = await connect(await newKey(["posts:read"]));
    const errorText = (result: Awaited<ReturnType<typeof client.callTool>>) => {
      expect(result.isError).toBe(true);
      return (result.content as { text: string }[])[0]?.text ?? "";
    };
    // draft_post needs posts:write: for a reading key it does not exist.
    const unknown = errorText(
      await client.callTool({ name: "draft_post", arguments: { accountIds: [accountId], text: "Nein" } }),
    );
    expect(unknown).toMatch(/^Das Werkzeug „draft_post“ gibt es nicht, oder dieser Schlüssel darf es nicht nutzen\./);
    const invalid = errorText(await client.callTool({ name: "list_posts", arguments: { limit: 0 } }));
    expect(invalid).toMatch(/^Die Angaben sind unvollständig oder ungültig\. .+ \(limit\) \(INVALID_INPUT\)$/);
    for (const text of [unknown, invalid]) expect(text).not.toMatch(/\b(Invalid|error|Tool|not found|arguments)\b/);
    const logged = await t.db
      .select({ action: apiActivity.action, detail: apiActivity.detail })
      .from(apiActivity)
      .where(inArray(apiActivity.action, ["MCP: draft_post", "MCP: list_posts"]));
    expect(logged).toEqual(
      expect.arrayContaining([
        { action: "MCP: draft_post", detail: "unbekanntes Werkzeug" },
        { action: "MCP: list_posts", detail: "abgelehnt" },
      ]),
    );
    await client.close();
  });

  it("drafts and schedules a post that goes out through the X fake exactly once, each call in the activity log", async () => {
    const client = await connect(await newKey(["posts:read", "posts:write", "metrics:read"], true));
    const accounts = textOf(await client.callTool({ name: "list_accounts", arguments: {} }));
    expect(accounts.accounts[0].id).toBe(accountId);
    const draft = textOf(
      await client.callTool({
        name: "draft_post",
        arguments: { accountIds: [accountId], text: "Ein Entwurf vom Agenten" },
      }),
    );
    expect(draft.draft.id).toBeTruthy();
    const scheduled = textOf(
      await client.callTool({
        name: "schedule_post",
        arguments: { accountIds: [accountId], text: "Vom Agenten gesendet", when: "now" },
      }),
    );
    const id = scheduled.posts[0].id as string;
    // The queue's job, run twice as a redelivered job would be: the post goes out once.
    await processPublication(t.deps, id);
    await processPublication(t.deps, id);
    const [sentRow] = await t.db.select().from(publications).where(eq(publications.id, id));
    expect({ status: sentRow?.status, detail: sentRow?.detail }).toEqual({ status: "sent", detail: null });
    expect(fake.posts.filter((post) => post.text === "Vom Agenten gesendet")).toHaveLength(1);
    const got = textOf(await client.callTool({ name: "get_post", arguments: { id } }));
    expect(got.post.status).toBe("sent");
    const metrics = textOf(await client.callTool({ name: "get_metrics", arguments: {} }));
    expect(metrics.posts.find((post: { publicationId: string }) => post.publicationId === id)).toMatchObject({
      text: "Vom Agenten gesendet",
      figures: null,
    });
    const logged = await t.db
      .select()
      .from(apiActivity)
      .where(and(eq(apiActivity.action, "MCP: schedule_post")));
    expect(logged.length).toBeGreaterThanOrEqual(1);
    await client.close();
  });
});
