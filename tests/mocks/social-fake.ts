import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  NetworkError,
  type PublishedPost,
  type PublishOutcome,
  type SocialNetwork,
  type TokenSet,
} from "#server/integrations/social/social-network.ts";
import type { NetworkRefusalReason } from "#shared/publishing-failures.ts";

// What the fakes of X, LinkedIn and Bluesky (x-server.ts, linkedin-server.ts, bluesky-server.ts)
// share: a real HTTP server on a free port, the switches a test flips to make the network fail in
// each way ADR 0060 maps (429 with a reset time, 5xx, a slow answer, a response lost after the
// post was made, LinkedIn's 426, an answer held until the test lets it go), an OAuth authorize page with a „Zugriff erlauben“ button, and
// tokens that can be revoked or expire. Each fake adds its own endpoints and records the posts.

/** Which kind of endpoint a request hit; faults are aimed at one of these. */
export type FakeRoute =
  | "authorize"
  | "token"
  | "identity"
  | "media"
  | "post"
  | "delete"
  | "resolve"
  /** Mastodon's app registration on an instance (POST /api/v1/apps). */
  | "register"
  | "page"
  /**
   * Where a post in doubt is looked up: X's GET /2/users/:id/tweets (the account's recent posts),
   * Bluesky's com.atproto.repo.getRecord (the post under its own record key, ADR 0119).
   */
  | "timeline"
  /**
   * The figures of posts (ADR 0104): X's GET /2/tweets?ids=, Bluesky's app.bsky.feed.getPosts,
   * LinkedIn's memberCreatorPostAnalytics, Meta's and Threads' /{id}/insights, Mastodon's status.
   */
  | "metrics"
  /** Threads: GET of a media container's status (and of a post's permalink). */
  | "status"
  /** Threads: GET /{user}/threads_publishing_limit. */
  | "quota";

export type FakeFault =
  /** 429 with the network's own reset header, pointing at `resetAt`. */
  | { kind: "rate-limit"; resetAt: Date }
  /** 503, nothing done. */
  | { kind: "server-error" }
  /** The answer comes after `ms` (the work is done first): for the client's timeout. */
  | { kind: "slow"; ms: number }
  /** The work is done (a post is stored), then the connection is destroyed without an answer. */
  | { kind: "lost-response" }
  /** LinkedIn: 426 for a retired `LinkedIn-Version`. */
  | { kind: "version-retired" }
  /** 401, as when the user removed the app's access just now. */
  | { kind: "unauthorized" }
  /** The network refuses the call as it does for `reason` (ADR 0093), with its own status and body. */
  | { kind: "refusal"; reason: NetworkRefusalReason };

export type FaultOptions = { route?: FakeRoute | "any"; times?: number; after?: number };

export type FakeRequest = {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body as JSON, or null if it is none. */
  json: () => unknown;
  /** The body as a form (x-www-form-urlencoded). */
  form: () => URLSearchParams;
  bearer: string | null;
};

export type FakeAnswer = {
  status: number;
  json?: unknown;
  html?: string;
  headers?: Record<string, string>;
  /** Raw bytes (an empty body when neither is given). */
  body?: Buffer;
};

export type RecordedImage = { size: number; bytes: Buffer; mimeType: string; altText: string };

/**
 * The figures a fake gives a post at its `reads`-th look (1, 2, …): they grow from one snapshot to
 * the next, so a test sees the sparkline rise; deterministic, so expected values can be written down.
 */
export function fakeFigures(reads: number) {
  return { likes: 3 * reads, reposts: reads, replies: reads, quotes: reads - 1, bookmarks: reads, views: 100 * reads };
}

/**
 * Every fake's metrics endpoint (ADR 0104): counts each look at a post and answers its
 * `fakeFigures` for that look, so one snapshot differs from the next.
 */
export function createFigureCounter() {
  const reads = new Map<string, number>();
  return (postId: string) => {
    const count = (reads.get(postId) ?? 0) + 1;
    reads.set(postId, count);
    return fakeFigures(count);
  };
}

/** Meta's insights answer (Facebook, Instagram, Threads): one entry per metric, its lifetime value. */
export function insightData(objectId: string, metrics: Record<string, number>) {
  return Object.entries(metrics).map(([name, value]) => ({
    name,
    period: "lifetime",
    values: [{ value }],
    title: name,
    id: `${objectId}/insights/${name}/lifetime`,
  }));
}

/** Graph's answer for an object that is not there (a deleted post): 400, code 100, subcode 33. */
export const missingObject = (objectId: string) =>
  json(400, {
    error: {
      message: `Unsupported get request. Object with ID '${objectId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      type: "GraphMethodException",
      code: 100,
      error_subcode: 33,
      fbtrace_id: "AfakeTrace",
    },
  });

/** A post the fake network accepted, for assertions (and shown on the fake's own pages). */
export type RecordedPost = { id: string; account: string; text: string; images: RecordedImage[]; createdAt: Date };

type FakeRoutes = {
  /** Which endpoint a request is, or null for "not found". */
  routeOf: (method: string, path: string) => FakeRoute | null;
  handle: (request: FakeRequest, route: FakeRoute) => Promise<FakeAnswer> | FakeAnswer;
  /** The network's 429 headers for a reset at `resetAt`. */
  rateLimitHeaders: (resetAt: Date) => Record<string, string>;
  /** The network's error body for a status, in its own format. */
  errorBody: (status: number, message: string) => unknown;
  /** The network's own answer when it refuses a post for `reason`; null where it never does. */
  refusal: (reason: NetworkRefusalReason) => FakeAnswer | null;
};

export const json = (status: number, body: unknown, headers?: Record<string, string>): FakeAnswer => ({
  status,
  json: body,
  headers,
});

/**
 * The headers of a 429 as X (prefix "x-rate-limit-") and Bluesky ("ratelimit-") send them: the
 * limit, nothing remaining, and the reset in epoch seconds.
 */
export function exhaustedRateLimitHeaders(prefix: string, limit: number, resetAt: Date): Record<string, string> {
  return {
    [`${prefix}limit`]: String(limit),
    [`${prefix}remaining`]: "0",
    [`${prefix}reset`]: String(Math.ceil(resetAt.getTime() / 1000)),
  };
}

export type FakeServer = Awaited<ReturnType<typeof startFakeServer>>;

export async function startFakeServer(port: number, routes: FakeRoutes) {
  const faults: { fault: FakeFault; route: FakeRoute | "any"; times: number; after: number }[] = [];
  let latencyMs = 0;
  const timers = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  /**
   * Makes the next `times` requests to `route` fail in the given way, after letting `after` of
   * them through (a thread's third post fails with `after: 2`).
   */
  const addFault = (fault: FakeFault, { route = "any", times = 1, after = 0 }: FaultOptions = {}) => {
    faults.push({ fault, route, times, after });
  };

  // Answers held back until the test lets them go (`hold`): an event, not a timer.
  const holds: { route: FakeRoute; arrived: () => void; released: Promise<void> }[] = [];
  const releases = new Set<() => void>();
  const requests = new Map<FakeRoute, number>();

  const takeFault = (route: FakeRoute) => {
    const index = faults.findIndex((entry) => entry.route === "any" || entry.route === route);
    const entry = faults[index];
    if (!entry) return null;
    if (entry.after > 0) {
      entry.after -= 1;
      return null;
    }
    entry.times -= 1;
    if (entry.times <= 0) faults.splice(index, 1);
    return entry.fault;
  };

  const server = http.createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(incoming.url ?? "/", "http://fake");
    const method = incoming.method ?? "GET";
    const authorization = incoming.headers.authorization ?? "";
    const request: FakeRequest = {
      method,
      url,
      headers: incoming.headers,
      body,
      json: () => {
        try {
          return JSON.parse(body.toString("utf8"));
        } catch {
          return null;
        }
      },
      form: () => new URLSearchParams(body.toString("utf8")),
      bearer: authorization.startsWith("Bearer ") ? authorization.slice("Bearer ".length) : null,
    };
    const send = (answer: FakeAnswer) => {
      if (response.destroyed) return;
      const headers = { ...answer.headers };
      let payload = answer.body ?? Buffer.alloc(0);
      if (answer.json !== undefined) {
        headers["content-type"] ??= "application/json";
        payload = Buffer.from(JSON.stringify(answer.json));
      } else if (answer.html !== undefined) {
        headers["content-type"] ??= "text/html; charset=utf-8";
        payload = Buffer.from(answer.html);
      }
      response.writeHead(answer.status, headers);
      response.end(payload);
    };
    // The switches for a fake in its own process (the Playwright specs): POST /__fake/fault with
    // `{ fault, route, times, after }` as the `fault` method below takes them.
    if (method === "POST" && url.pathname === "/__fake/fault") {
      const { fault, ...options } = request.json() as { fault: FakeFault } & FaultOptions;
      addFault(fault, options);
      return send(json(200, { ok: true }));
    }
    // Every spec starts from a fake without faults: one a test set but did not use up stays there.
    if (method === "DELETE" && url.pathname === "/__fake/faults") {
      faults.length = 0;
      return send(json(200, { ok: true }));
    }
    const route = routes.routeOf(method, url.pathname);
    if (!route) return send(json(404, routes.errorBody(404, "Not Found")));
    requests.set(route, (requests.get(route) ?? 0) + 1);
    const fault = takeFault(route);
    if (fault?.kind === "rate-limit")
      return send(json(429, routes.errorBody(429, "Too Many Requests"), routes.rateLimitHeaders(fault.resetAt)));
    if (fault?.kind === "server-error") return send(json(503, routes.errorBody(503, "Service Unavailable")));
    if (fault?.kind === "version-retired")
      return send(json(426, routes.errorBody(426, "Requested version is not active")));
    if (fault?.kind === "unauthorized") return send(json(401, routes.errorBody(401, "Unauthorized")));
    if (fault?.kind === "refusal") {
      const refusal = routes.refusal(fault.reason);
      if (refusal) return send(refusal);
    }
    let answer: FakeAnswer;
    try {
      answer = await routes.handle(request, route);
    } catch (error) {
      answer = json(500, routes.errorBody(500, error instanceof Error ? error.message : "Fehler"));
    }
    if (fault?.kind === "lost-response") {
      incoming.socket.destroy();
      return;
    }
    const holdIndex = holds.findIndex((entry) => entry.route === route);
    const hold = holds[holdIndex];
    if (hold) {
      holds.splice(holdIndex, 1);
      hold.arrived();
      await hold.released;
    }
    const delay = (fault?.kind === "slow" ? fault.ms : 0) + latencyMs;
    if (delay > 0) await wait(delay);
    send(answer);
  });
  // An idle connection stays open longer than any pause of a test on a busy machine: a client that
  // reuses it just as Node's default 5 s run out would see ECONNRESET for a post that never arrived.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    fault: addFault,
    /** How many requests reached `route` so far (e.g. how often a refresh token was redeemed). */
    requestsTo(route: FakeRoute) {
      return requests.get(route) ?? 0;
    },
    clearFaults() {
      faults.length = 0;
    },
    /**
     * The next request to `route` is done at once (a refresh rotates the token) and its answer
     * held until `release()`: a slow network, without a timer. `arrived` resolves once it came in.
     */
    hold(route: FakeRoute) {
      let arrived = () => {};
      let release = () => {};
      const arrival = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = () => {
          releases.delete(release);
          resolve();
        };
      });
      releases.add(release);
      holds.push({ route, arrived, released });
      return { arrived: arrival, release };
    },
    /** Every answer from now on comes this much later (the benchmark's "network answering in 200 ms"). */
    setLatency(ms: number) {
      latencyMs = ms;
    },
    async close() {
      for (const release of releases) release();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The fields of a multipart/form-data body as bytes. By hand, because the platform's parser
 * reads a part without a filename as (lossy) text, and a fake must take what a client sends.
 */
export function multipartFields(request: FakeRequest): Map<string, Buffer> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(String(request.headers["content-type"]));
  const fields = new Map<string, Buffer>();
  if (!boundary) return fields;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = request.body.indexOf(delimiter);
  while (start >= 0) {
    const partStart = start + delimiter.length + 2; // after the delimiter's CRLF
    const next = request.body.indexOf(delimiter, partStart);
    if (next < 0) break;
    const part = request.body.subarray(partStart, next - 2); // without the CRLF before the next delimiter
    const headerEnd = part.indexOf("\r\n\r\n");
    const name = /name="([^"]+)"/.exec(part.subarray(0, headerEnd).toString("utf8"))?.[1];
    if (name && headerEnd >= 0) fields.set(name, Buffer.from(part.subarray(headerEnd + 4)));
    start = next;
  }
  return fields;
}

export const newToken = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;

export const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

type TokenGrant = { account: string; expiresAt: number; scope: string };

/**
 * Access and refresh tokens of an OAuth network. A refresh rotates: the old refresh token stops
 * working (as at X). `revoke` ends every token of an account, as when its owner removes the app.
 */
export function createTokenStore({
  accessLifetimeMs,
  rotateRefresh,
}: {
  accessLifetimeMs: number;
  rotateRefresh: boolean;
}) {
  const access = new Map<string, TokenGrant>();
  const refresh = new Map<string, { account: string; scope: string }>();
  const expired = new Set<string>();

  const issue = (account: string, scope: string, withRefresh: boolean) => {
    const accessToken = newToken("access");
    access.set(accessToken, { account, scope, expiresAt: Date.now() + accessLifetimeMs });
    let refreshToken: string | null = null;
    if (withRefresh) {
      refreshToken = newToken("refresh");
      refresh.set(refreshToken, { account, scope });
    }
    return { accessToken, refreshToken, expiresIn: Math.round(accessLifetimeMs / 1000), scope };
  };

  return {
    issue,
    /** The account behind a bearer token and what it was granted, or why not. */
    check(token: string | null): { account: string; scope: string } | { error: "invalid" | "expired" } {
      const grant = token ? access.get(token) : undefined;
      if (!token || !grant) return { error: "invalid" };
      if (expired.has(token) || grant.expiresAt <= Date.now()) return { error: "expired" };
      return { account: grant.account, scope: grant.scope };
    },
    refresh(refreshToken: string) {
      const grant = refresh.get(refreshToken);
      if (!grant) return null;
      if (rotateRefresh) refresh.delete(refreshToken);
      return issue(grant.account, grant.scope, rotateRefresh);
    },
    /** Every token of the account stops working. */
    revoke(account: string) {
      for (const [token, grant] of access) if (grant.account === account) access.delete(token);
      for (const [token, grant] of refresh) if (grant.account === account) refresh.delete(token);
    },
    /** The account's access tokens count as expired (LinkedIn's 60 days are over). */
    expire(account: string) {
      for (const [token, grant] of access) if (grant.account === account) expired.add(token);
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The authorize page: the network's consent screen with one button, „Zugriff erlauben“. */
export function authorizePage({
  network,
  action,
  fields,
  account,
}: {
  network: string;
  action: string;
  fields: URLSearchParams;
  account: string;
}): FakeAnswer {
  const hidden = [...fields]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return {
    status: 200,
    html: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${network} (Fake)</title></head>
<body><main><h1>${network} (Fake): Postwerk möchte in Ihrem Namen posten</h1>
<form method="post" action="${escapeHtml(action)}">${hidden}
<label>Konto <input name="account" value="${escapeHtml(account)}"></label>
<button type="submit">Zugriff erlauben</button></form></main></body></html>`,
  };
}

/** The fake's own pages: the list of posts at "/" and the page a post's link opens. */
export function postsPage(network: string, posts: RecordedPost[], { onePost = false } = {}): FakeAnswer {
  const items = posts
    .map(
      (post) =>
        `<li><article><p>${escapeHtml(post.text)}</p><p>${escapeHtml(post.account)} · ${post.createdAt.toISOString()}` +
        `${post.images.length > 0 ? ` · ${post.images.length} Bild(er), ${post.images.map((image) => image.size).join(", ")} Bytes` : ""}</p></article></li>`,
    )
    .join("");
  return {
    status: onePost && posts.length === 0 ? 404 : 200,
    html: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${network} (Fake)</title></head>
<body><main><h1>${network} (Fake)</h1><ul>${items || "<li>Keine Beiträge</li>"}</ul></main></body></html>`,
  };
}

/**
 * When the fake's file is run on its own (`node --import tsx tests/mocks/x-server.ts`, and
 * Playwright's webServer): starts the fake and prints how to start Postwerk against it.
 */
export async function runOnItsOwn(
  moduleUrl: string,
  network: string,
  start: () => Promise<{ url: string; env: Record<string, string> }>,
  note?: string,
) {
  const entry = process.argv[1];
  if (entry === undefined || pathToFileURL(path.resolve(entry)).href !== moduleUrl) return;
  const fake = await start();
  const variables = Object.entries(fake.env)
    .map(([name, value]) => `${name}=${value}`)
    .join(" ");
  console.log(`${network}-Fake läuft auf ${fake.url}. Postwerk damit starten:\n  ${variables} npm start`);
  if (note) console.log(`  ${note}`);
}

export const redirect = (location: string): FakeAnswer => ({ status: 302, headers: { location } });

/**
 * What the user's click on „Zugriff erlauben“ does, for tests without a browser: opens the
 * authorize URL, sends its form and returns the code and state of the redirect back.
 */
export async function approveAuthorization(authorizationUrl: URL, account?: string) {
  const page = await fetch(authorizationUrl);
  const html = await page.text();
  if (!page.ok) throw new Error(`Authorize-Seite: HTTP ${page.status} ${html}`);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? "";
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input (?:type="hidden" )?name="([^"]+)" value="([^"]*)">/g)) {
    form.set(unescapeHtml(match[1] ?? ""), unescapeHtml(match[2] ?? ""));
  }
  if (account) form.set("account", account);
  const answer = await fetch(new URL(unescapeHtml(action), authorizationUrl), {
    method: "POST",
    body: form,
    redirect: "manual",
  });
  const location = new URL(answer.headers.get("location") ?? "");
  return { code: location.searchParams.get("code") ?? "", state: location.searchParams.get("state") ?? "", location };
}

export const TEST_REDIRECT_URI = "http://localhost:3000/api/konten/callback";

/** The whole OAuth round trip of `network` against its fake, as `account`. */
export async function connectThroughFake(network: SocialNetwork, account: string): Promise<TokenSet> {
  if (network.connect.kind !== "oauth") throw new Error(`${network.id} verbindet nicht per OAuth`);
  const state = `state-${account}`;
  const codeVerifier = newToken("verifier");
  const url = network.connect.authorizationUrl({ state, codeVerifier, redirectUri: TEST_REDIRECT_URI });
  const approved = await approveAuthorization(url, account);
  if (approved.state !== state || approved.location.origin + approved.location.pathname !== TEST_REDIRECT_URI)
    throw new Error(`Falsche Rückleitung: ${approved.location.href}`);
  return network.connect.exchangeCode({ code: approved.code, codeVerifier, redirectUri: TEST_REDIRECT_URI });
}

/** The NetworkError a call fails with (and a test failure if it does not). */
export async function networkFailure(promise: Promise<unknown>): Promise<NetworkError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof NetworkError)) throw new Error(`NetworkError erwartet, bekommen: ${String(error)}`);
  return error;
}

/** The post a publish call made (and a test failure if it made none). */
export async function publishedPost(outcome: Promise<PublishOutcome>): Promise<PublishedPost> {
  const answer = await outcome;
  if (answer.status !== "published") throw new Error(`veröffentlicht erwartet, bekommen: ${answer.status}`);
  return answer.post;
}

/**
 * An OAuth network's fake at `url` as its adapter is built with it (`settings`) and as Postwerk's
 * environment names it (`env`, `X_CLIENT_ID` … for the prefix "X"), for `npm start` against it.
 */
export function oauthFakeConfiguration<Prefix extends string>(
  prefix: Prefix,
  client: { id: string; secret: string },
  url: string,
) {
  const env = {
    [`${prefix}_CLIENT_ID`]: client.id,
    [`${prefix}_CLIENT_SECRET`]: client.secret,
    [`${prefix}_API_BASE`]: url,
    [`${prefix}_WEB_BASE`]: url,
  } as Record<`${Prefix}_${"CLIENT_ID" | "CLIENT_SECRET" | "API_BASE" | "WEB_BASE"}`, string>;
  return { settings: { app: { clientId: client.id, clientSecret: client.secret }, apiBase: url, webBase: url }, env };
}

const unescapeHtml = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
