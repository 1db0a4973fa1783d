import { oauthProviderAuthServerMetadata } from "@better-auth/oauth-provider";
import { APIError } from "better-auth/api";
import { Hono } from "hono";
import { z } from "zod";
import { answerError } from "#server/api-error.ts";
import type { AppEnv } from "#server/app-env.ts";
import { CLIENT_IP_HEADER } from "#server/auth.ts";
import { getClientIp } from "#server/client-ip.ts";
import { requireSession } from "#server/session.ts";
import { validateJson } from "#server/validation.ts";
import { OAUTH_ENDPOINT_PATHS, OAUTH_SCOPES, OAUTH_TEXTS } from "#shared/oauth.ts";
import { listAuthorisedApps, revokeAuthorisedApp, saveDirectScheduling } from "./oauth-apps.service.ts";
import { oauthResources } from "./oauth-provider.plugin.ts";

// OAuth 2.1 around Better Auth's provider (ADR 0113): the discovery documents MCP clients look
// for at the root (RFC 8414, RFC 9728), the protocol endpoints clients call without a browser,
// and the signed-in user's side (consent with "Direkt planen erlaubt", the list on /konto).

const ISSUER_PATH = "/api/auth";

/** GET /.well-known/*: the authorization server's and the protected resources' metadata. */
export const oauthWellKnownRoutes = new Hono<AppEnv>()
  .get("/oauth-authorization-server", (c) => authServerMetadata(c.var.deps.auth, c.req.raw))
  .get(`/oauth-authorization-server${ISSUER_PATH}`, (c) => authServerMetadata(c.var.deps.auth, c.req.raw))
  .get("/oauth-protected-resource/:resource{mcp|api/v1}", (c) => {
    const base = c.var.deps.env.BASE_URL;
    const resource = `${base}/${c.req.param("resource")}`;
    if (!oauthResources(base).includes(resource)) return c.notFound();
    return c.json({
      resource,
      authorization_servers: [`${base}${ISSUER_PATH}`],
      scopes_supported: [...OAUTH_SCOPES],
      bearer_methods_supported: ["header"],
      resource_name: "Postwerk",
      resource_documentation: `${base}/api/v1/docs`,
    });
  });

function authServerMetadata(auth: AppEnv["Variables"]["deps"]["auth"], request: Request) {
  return oauthProviderAuthServerMetadata(auth)(request);
}

/**
 * The protocol endpoints as Better Auth answers them: clients call them from their servers without
 * our Origin (a code, a verifier or a token is their proof, no cookie), and they expect RFC 6749's
 * `error` codes rather than the German `{ error, code }` of the app's own auth answers.
 */
export const oauthEndpointRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c, next) => {
  const path = c.req.path.slice(ISSUER_PATH.length);
  if (!(OAUTH_ENDPOINT_PATHS as readonly string[]).includes(path)) return next();
  if (path === "/oauth2/authorize" ? c.req.method !== "GET" : c.req.method !== "POST") return next();
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, getClientIp(c, c.var.deps.env.TRUST_PROXY));
  try {
    return await c.var.deps.auth.handler(new Request(c.req.raw, { headers }));
  } catch (error) {
    // onAPIError.throw (server/auth.ts) hands protocol errors up; they stay OAuth's shape.
    if (error instanceof APIError)
      return Response.json(error.body ?? { error: "invalid_request" }, {
        status: error.statusCode,
        headers: error.headers,
      });
    throw error;
  }
});

const ConsentSchema = z.object({
  oauthQuery: z.string().min(1).max(8192),
  accept: z.boolean(),
  directScheduling: z.boolean().default(false),
});

/** /api/oauth-apps: consent for an app, and the apps the user authorised (on /konto). */
export const oauthAppRoutes = new Hono<AppEnv>()
  .get("/", requireSession(), async (c) => {
    return c.json({ apps: await listAuthorisedApps(c.var.deps.db, c.var.session.user.id) }, 200);
  })
  .get("/clients/:clientId", requireSession(), async (c) => {
    const client = await c.var.deps.auth.api.getOAuthClientPublic({
      query: { client_id: c.req.param("clientId") },
      headers: c.req.raw.headers,
    });
    return c.json({ name: client.client_name ?? null, uri: client.client_uri ?? null }, 200);
  })
  .post("/consent", requireSession(), validateJson(ConsentSchema, OAUTH_TEXTS.invalidConsent), async (c) => {
    const { oauthQuery, accept, directScheduling } = c.req.valid("json");
    // Through the handler, not auth.api: the plugin's hook that checks the signed query and keeps
    // it for the consent runs only on a request.
    const headers = new Headers(c.req.raw.headers);
    headers.set("content-type", "application/json");
    const answer = await c.var.deps.auth
      .handler(
        new Request(`${c.var.deps.env.BASE_URL}${ISSUER_PATH}/oauth2/consent`, {
          method: "POST",
          headers,
          body: JSON.stringify({ accept, oauth_query: oauthQuery }),
        }),
      )
      .catch((error: unknown) => {
        if (error instanceof APIError) return Response.json(error.body ?? {}, { status: error.statusCode });
        throw error;
      });
    if (!answer.ok) return answerError(c, 400, "INVALID_INPUT", OAUTH_TEXTS.invalidConsent);
    const { url } = (await answer.json()) as { url: string };
    // The plugin checked the query's signature; its client_id is the app the user just allowed.
    const clientId = new URLSearchParams(oauthQuery).get("client_id");
    if (accept && clientId)
      await saveDirectScheduling(c.var.deps.db, c.var.session.user.id, clientId, directScheduling);
    return c.json({ redirectUri: url }, 200);
  })
  .post("/:clientId/revoke", requireSession(), async (c) => {
    const revoked = await revokeAuthorisedApp(c.var.deps.db, c.var.session.user.id, c.req.param("clientId"));
    if (!revoked) return answerError(c, 404, "NOT_FOUND", OAUTH_TEXTS.appNotFound);
    return c.json({ revoked: true }, 200);
  });
