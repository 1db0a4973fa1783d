import crypto from "node:crypto";
import http from "node:http";

// A local stand-in for Google's OpenID Connect endpoints, so Google sign-in can be tested
// with no network (ADR 0003). It signs in whoever the test announced last via
// POST /__next-user, and answers Better Auth's discovery, authorize, token and userinfo calls.
type GoogleIdentity = { sub: string; email: string; name: string };

export function startGoogleFake(port: number): Promise<http.Server> {
  const base = `http://127.0.0.1:${port}`;
  let nextIdentity: GoogleIdentity = { sub: "google-user-1", email: "google-nutzer@example.test", name: "Gabi Google" };
  const identitiesByCode = new Map<string, GoogleIdentity>();
  const identitiesByToken = new Map<string, GoogleIdentity>();

  const readBody = (request: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => resolve(body));
    });

  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", base);
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(response, 200, {
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        userinfo_endpoint: `${base}/userinfo`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
      });
    }
    if (url.pathname === "/__next-user" && request.method === "POST") {
      nextIdentity = JSON.parse(await readBody(request)) as GoogleIdentity;
      return json(response, 200, { ok: true });
    }
    if (url.pathname === "/authorize") {
      const redirectUri = url.searchParams.get("redirect_uri");
      if (!redirectUri) return json(response, 400, { error: "invalid_request" });
      const code = crypto.randomUUID();
      identitiesByCode.set(code, nextIdentity);
      const target = new URL(redirectUri);
      target.searchParams.set("code", code);
      target.searchParams.set("state", url.searchParams.get("state") ?? "");
      response.writeHead(302, { location: target.toString() });
      return response.end();
    }
    if (url.pathname === "/token" && request.method === "POST") {
      const form = new URLSearchParams(await readBody(request));
      const identity = identitiesByCode.get(form.get("code") ?? "");
      if (!identity) return json(response, 400, { error: "invalid_grant" });
      const accessToken = crypto.randomUUID();
      identitiesByToken.set(accessToken, identity);
      return json(response, 200, {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 3600,
        scope: "openid email profile",
      });
    }
    if (url.pathname === "/userinfo") {
      const token = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
      const identity = identitiesByToken.get(token);
      if (!identity) return json(response, 401, { error: "invalid_token" });
      return json(response, 200, { ...identity, email_verified: true, picture: null });
    }
    json(response, 404, { error: "not_found" });
  });

  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
