import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthClient } from "#server/db/schema/oauth-provider.ts";
import { createTestApp, TEST_BASE_URL, type TestApp } from "../../../tests/setup/test-app.ts";
import { connectMcp, mcpResultOf } from "../../../tests/support/public-api.ts";
import { deleteUnusedOAuthClients, oauthCallerOf, UNUSED_OAUTH_CLIENT_DAYS } from "./oauth-apps.service.ts";

// OAuth 2.1 with PKCE through the real Hono app (ADR 0113): discovery as an MCP client does it,
// dynamic registration, authorize → sign-in → consent → code → token, the token on /api/v1 and
// /mcp with the API keys' scopes, a wrong verifier, refresh, revocation on /konto.

let t: TestApp;
let cookie: string;
const redirectUri = "https://agent.example.test/oauth/callback";

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signUpAndConfirm("oauth@example.test");
});
afterAll(async () => {
  await t?.close();
});

const b64url = (bytes: Buffer) => bytes.toString("base64url");

function pkcePair() {
  const verifier = b64url(crypto.randomBytes(32));
  const challenge = b64url(crypto.createHash("sha256").update(verifier).digest());
  return { verifier, challenge };
}

/** A client as an MCP client registers itself: public, no secret, PKCE. */
async function registerClient(name: string): Promise<string> {
  const answer = await t.app.request("/api/auth/oauth2/register", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: name,
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    }),
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return ((await answer.json()) as { client_id: string }).client_id;
}

/** authorize (signed in) → consent page's query → our consent endpoint → the code. */
async function authorise(clientId: string, scope: string, challenge: string, directScheduling = false) {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    scope,
    state: "zustand-1",
    code_challenge: challenge,
    code_challenge_method: "S256",
    resource: `${TEST_BASE_URL}/mcp`,
    // Asked again each time: an existing consent would skip the page.
    prompt: "consent",
  });
  const toConsent = await t.request(`/api/auth/oauth2/authorize?${query}`, { cookie });
  expect(toConsent.status).toBe(302);
  const consentUrl = new URL(toConsent.headers.get("location") ?? "", TEST_BASE_URL);
  expect(consentUrl.pathname).toBe("/oauth/zustimmung");
  const answer = await t.postJson(
    "/api/oauth-apps/consent",
    { oauthQuery: consentUrl.search.slice(1), accept: true, directScheduling },
    cookie,
  );
  expect(answer.status, await answer.clone().text()).toBe(200);
  const back = new URL(((await answer.json()) as { redirectUri: string }).redirectUri);
  expect(back.searchParams.get("state")).toBe("zustand-1");
  return back.searchParams.get("code") ?? "";
}

async function token(fields: Record<string, string>) {
  return t.app.request("/api/auth/oauth2/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

type Tokens = { access_token: string; refresh_token?: string; scope: string };

/** The code flow to its end: authorised with `scope`, the code exchanged with the verifier. */
async function accessTokenFor(
  clientId: string,
  scope: string,
  { verifier, challenge } = pkcePair(),
  directScheduling = false,
): Promise<string> {
  const code = await authorise(clientId, scope, challenge, directScheduling);
  const issued = await token({
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    client_id: clientId,
    code_verifier: verifier,
  });
  return ((await issued.json()) as Tokens).access_token;
}

describe("OAuth 2.1 with PKCE", () => {
  it("announces itself as MCP clients look for it, and /mcp without a token points there", async () => {
    const mcp = await t.app.request("/mcp", { method: "POST", body: "{}" });
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get("www-authenticate")).toContain(
      `resource_metadata="${TEST_BASE_URL}/.well-known/oauth-protected-resource/mcp"`,
    );
    const resource = (await (await t.app.request("/.well-known/oauth-protected-resource/mcp")).json()) as {
      authorization_servers: string[];
      scopes_supported: string[];
    };
    expect(resource.scopes_supported).toContain("posts:write");
    const issuer = resource.authorization_servers[0] ?? "";
    const metadata = (await (
      await t.app.request(`/.well-known/oauth-authorization-server${new URL(issuer).pathname}`)
    ).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer,
      code_challenge_methods_supported: ["S256"],
      registration_endpoint: `${issuer}/oauth2/register`,
      token_endpoint: `${issuer}/oauth2/token`,
    });
  });

  it("runs the code flow: token on /api/v1 and /mcp, read scope cannot write, refresh, revocation on /konto", async () => {
    const clientId = await registerClient("Claude Desktop");
    const { challenge } = pkcePair();
    const code = await authorise(clientId, "posts:read offline_access", challenge);

    const wrong = await token({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: pkcePair().verifier,
    });
    // The plugin refuses a verifier that does not match the challenge with 401 invalid_request.
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      error: "invalid_request",
      error_description: "code verification failed",
    });

    // A refused verifier used the code up: the flow starts again.
    const fresh = pkcePair();
    const code2 = await authorise(clientId, "posts:read offline_access", fresh.challenge);
    const issued = await token({
      grant_type: "authorization_code",
      code: code2,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: fresh.verifier,
      resource: `${TEST_BASE_URL}/mcp`,
    });
    expect(issued.status, await issued.clone().text()).toBe(200);
    const tokens = (await issued.json()) as Tokens;
    expect(tokens.access_token).toMatch(/^pw_oat_/);
    expect(tokens.refresh_token).toMatch(/^pw_ort_/);

    const bearer = (value: string) => ({ headers: { authorization: `Bearer ${value}` } });
    const list = await t.app.request("/api/v1/posts", bearer(tokens.access_token));
    expect(list.status).toBe(200);
    expect(list.headers.get("ratelimit-policy")).toContain('"per-key"');
    const write = await t.app.request("/api/v1/posts", {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ accountIds: [], text: "Nicht erlaubt" }),
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ code: "SCOPE_MISSING" });

    const client = await connectMcp(t, tokens.access_token);
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toContain("list_posts");
    expect(tools).not.toContain("schedule_post");
    expect(mcpResultOf(await client.callTool({ name: "list_posts", arguments: {} }))).toHaveProperty("posts");
    await client.close();

    const refreshed = await token({
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token ?? "",
      client_id: clientId,
    });
    expect(refreshed.status, await refreshed.clone().text()).toBe(200);
    const next = (await refreshed.json()) as Tokens;
    expect((await t.app.request("/api/v1/posts", bearer(next.access_token))).status).toBe(200);

    const apps = (await (await t.request("/api/oauth-apps", { cookie })).json()) as {
      apps: { clientId: string; name: string; scopes: string[] }[];
    };
    expect(apps.apps).toEqual([expect.objectContaining({ clientId, name: "Claude Desktop", scopes: ["posts:read"] })]);
    expect((await t.postJson(`/api/oauth-apps/${clientId}/revoke`, {}, cookie)).status).toBe(200);
    const revoked = await t.app.request("/api/v1/posts", bearer(next.access_token));
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({
      code: "OAUTH_TOKEN_INVALID",
      error: expect.stringContaining("widerrufen"),
    });
    const refreshAfter = await token({
      grant_type: "refresh_token",
      refresh_token: next.refresh_token ?? "",
      client_id: clientId,
    });
    expect(refreshAfter.status).toBe(400);
  });

  it("sends a signed-out browser to sign in first; the app's own revocation (RFC 7009) ends its token", async () => {
    const clientId = await registerClient("Widerrufer");
    const { verifier, challenge } = pkcePair();
    const query = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: redirectUri,
      scope: "posts:read",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    const signedOut = await t.app.request(`/api/auth/oauth2/authorize?${query}`);
    expect(signedOut.status).toBe(302);
    const toLogin = new URL(signedOut.headers.get("location") ?? "", TEST_BASE_URL);
    expect(toLogin.pathname).toBe("/oauth/anmelden");
    expect(toLogin.searchParams.get("client_id")).toBe(clientId);
    expect(toLogin.searchParams.get("sig")).toBeTruthy();

    const access_token = await accessTokenFor(clientId, "posts:read", { verifier, challenge });
    const bearer = { headers: { authorization: `Bearer ${access_token}` } };
    expect((await t.app.request("/api/v1/posts", bearer)).status).toBe(200);
    const revoked = await t.app.request("/api/auth/oauth2/revoke", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: access_token,
        token_type_hint: "access_token",
        client_id: clientId,
      }).toString(),
    });
    expect(revoked.status, await revoked.clone().text()).toBe(200);
    expect((await t.app.request("/api/v1/posts", bearer)).status).toBe(401);
  });

  it("lets an agent schedule directly only when the user allowed it at consent", async () => {
    const clientId = await registerClient("Agent");
    const directOf = async (directScheduling: boolean) => {
      const access_token = await accessTokenFor(clientId, "posts:read posts:write", pkcePair(), directScheduling);
      // The MCP tool schedule_post drafts unless the caller may schedule (public-api.test.ts).
      return (await oauthCallerOf(t.db, access_token))?.directScheduling;
    };
    expect(await directOf(false)).toBe(false);
    expect(await directOf(true)).toBe(true);
  });

  it("keeps an app's Idempotency-Key like a key's: parallel retries make one draft, another body is refused", async () => {
    const clientId = await registerClient("Wiederholer");
    const access_token = await accessTokenFor(clientId, "posts:read posts:write");
    const accountId = crypto.randomUUID();
    const create = (text: string) =>
      t.app.request("/api/v1/posts", {
        method: "POST",
        headers: {
          authorization: `Bearer ${access_token}`,
          "content-type": "application/json",
          "idempotency-key": "app-1",
        },
        body: JSON.stringify({ targets: [{ accountId, text }], when: "draft" }),
      });
    const answers = await Promise.all([create("Einmal"), create("Einmal"), create("Einmal")]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const drafts = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { draft: { id: string } }).draft.id),
    );
    expect(new Set(drafts).size).toBe(1);
    const other = await create("Anders");
    expect(other.status).toBe(409);
    expect(((await other.json()) as { code: string }).code).toBe("IDEMPOTENCY_KEY_REUSED");
  });
});

describe("unused registrations", () => {
  it("removes an app no one authorised within a week, keeps a fresh one and every authorised one", async () => {
    const abandoned = await registerClient("Verlassen");
    const fresh = await registerClient("Frisch");
    const used = await registerClient("Benutzt");
    await accessTokenFor(used, "posts:read");
    const later = new Date(Date.now() + (UNUSED_OAUTH_CLIENT_DAYS + 1) * 86_400_000);
    // The fresh one was registered "today" from the sweep's point of view.
    await t.db
      .update(oauthClient)
      .set({ createdAt: new Date(later.getTime() - 86_400_000) })
      .where(eq(oauthClient.clientId, fresh));

    expect(await deleteUnusedOAuthClients(t.db, later)).toBeGreaterThanOrEqual(1);
    const left = (await t.db.select({ clientId: oauthClient.clientId }).from(oauthClient)).map((row) => row.clientId);
    expect(left).not.toContain(abandoned);
    expect(left).toContain(fresh);
    expect(left).toContain(used);
  });
});
