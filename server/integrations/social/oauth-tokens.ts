import { createHash } from "node:crypto";
import type { NetworkId } from "#shared/networks.ts";
import { callNetwork, readJson } from "./network-failures.ts";
import { NetworkError, type TokenSet } from "./social-network.ts";

// The OAuth 2.0 steps of X and LinkedIn (RFC 6749, PKCE RFC 7636), by hand rather than with
// arctic (ADR 0060): arctic's provider classes have the networks' hosts built in, its token calls
// take no AbortSignal and drop the response headers (a 429's reset time), and loading it at start
// costs what ADR 0029 keeps out of the start, for a URL and one form POST.

/** The URL of the network's consent page for the app `clientId`; with a `codeVerifier`, PKCE S256. */
export function authorizationUrl(
  endpoint: string,
  clientId: string,
  scopes: string[],
  request: { redirectUri: string; state: string; codeVerifier: string | null },
): URL {
  const url = new URL(endpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", clientId);
  url.searchParams.set("redirect_uri", request.redirectUri);
  url.searchParams.set("state", request.state);
  url.searchParams.set("scope", scopes.join(" "));
  if (request.codeVerifier) {
    url.searchParams.set("code_challenge", createHash("sha256").update(request.codeVerifier).digest("base64url"));
    url.searchParams.set("code_challenge_method", "S256");
  }
  return url;
}

export type TokenRequest = {
  network: NetworkId;
  timeoutMs: number;
  endpoint: string;
  body: URLSearchParams;
  /** X: HTTP Basic with the client id and secret; LinkedIn wants both in the body instead. */
  basicAuth: { clientId: string; clientSecret: string } | null;
  /**
   * What a refused grant means here: for a refresh the account must be reconnected
   * (`revoked`); for a code exchange the user simply tries again (`rejected`).
   */
  refusedGrant: "revoked" | "rejected";
  /** How the network words a dead grant in `error: error_description` (RFC 6749: invalid_grant). */
  grantRefused?: RegExp;
};

const SECRET_FIELDS = ["code", "code_verifier", "refresh_token", "client_secret"];

type TokenAnswer = {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
};

const oauthErrorOf = (body: unknown) => {
  const { error, error_description } = (body ?? {}) as { error?: unknown; error_description?: unknown };
  return typeof error === "string"
    ? [error, error_description].filter((part) => typeof part === "string").join(": ")
    : null;
};

export async function requestTokens(request: TokenRequest): Promise<TokenSet> {
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  if (request.basicAuth) {
    const { clientId, clientSecret } = request.basicAuth;
    headers.authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
  }
  const hide = [...SECRET_FIELDS.map((field) => request.body.get(field) ?? ""), request.basicAuth?.clientSecret ?? ""];
  const call = {
    network: request.network,
    timeoutMs: request.timeoutMs,
    createsPost: false,
    hide,
    detailOf: oauthErrorOf,
  };
  let response: Response;
  try {
    response = await callNetwork(call, request.endpoint, { method: "POST", headers, body: request.body });
  } catch (error) {
    // RFC 6749 answers a dead grant with 400 invalid_grant; X and LinkedIn also use 401.
    const grantRefused = request.grantRefused ?? /^invalid_grant/;
    if (
      error instanceof NetworkError &&
      (error.kind === "revoked" || (error.kind === "rejected" && grantRefused.test(error.detail ?? "")))
    )
      throw new NetworkError(request.network, request.refusedGrant, { detail: error.detail, cause: error });
    throw error;
  }
  const answer = (await readJson(call, response)) as TokenAnswer;
  if (typeof answer.access_token !== "string")
    throw new NetworkError(request.network, "unavailable", { detail: "Antwort ohne access_token" });
  const expiresIn = typeof answer.expires_in === "number" ? answer.expires_in : null;
  return {
    accessToken: answer.access_token,
    refreshToken: typeof answer.refresh_token === "string" ? answer.refresh_token : null,
    accessTokenExpiresAt: expiresIn === null ? null : new Date(Date.now() + expiresIn * 1000),
    connectionExpiresAt: null,
    scope: typeof answer.scope === "string" ? answer.scope : null,
  };
}
