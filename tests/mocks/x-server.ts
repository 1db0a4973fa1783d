import { postLength } from "#shared/post-length.ts";
import type { NetworkRefusalReason } from "#shared/publishing-failures.ts";
import {
  authorizePage,
  createFigureCounter,
  createTokenStore,
  exhaustedRateLimitHeaders,
  type FakeAnswer,
  type FakeRequest,
  type FakeRoute,
  json,
  multipartFields,
  newToken,
  oauthFakeConfiguration,
  postsPage,
  type RecordedImage,
  type RecordedPost,
  redirect,
  runOnItsOwn,
  s256,
  startFakeServer,
} from "./social-fake.ts";

// A fake of X (ADR 0060) at the HTTP boundary: OAuth 2.0 with PKCE (authorize page, token
// exchange, refresh with rotation), GET /2/users/me, the v2 media upload (initialize, append,
// finalize, metadata), POST and DELETE /2/tweets (with `reply.in_reply_to_tweet_id`, so threads are
// chains of replies, ADR 0066), and the account's timeline GET /2/users/:id/tweets. Point Postwerk at it with X_API_BASE and
// X_WEB_BASE (both the fake's URL). Run alone: `node --import tsx tests/mocks/x-server.ts`
// (port 3193 or X_FAKE_PORT) prints the environment for `npm start`.

export const FAKE_X_CLIENT = { id: "x-fake-client", secret: "x-fake-secret" };
/** The app's own bearer token (X_BEARER_TOKEN): it reads posts, and does nothing in a user's name (ADR 0117). */
export const FAKE_X_APP_BEARER = "x-fake-app-bearer";
/** X's access tokens live two hours. */
const ACCESS_LIFETIME_MS = 2 * 60 * 60 * 1000;

/** A post on the fake X, with the post it replied to (a thread's chain, ADR 0066). */
export type XRecordedPost = RecordedPost & { inReplyTo: string | null };

type Upload = { account: string; mimeType: string; totalBytes: number; chunks: Buffer[]; altText: string };

const invalidRequest = (message: string, parameter: string, value: string) =>
  json(400, {
    errors: [{ parameters: { [parameter]: [value] }, message }],
    title: "Invalid Request",
    detail: "One or more parameters to your request was invalid.",
    type: "https://api.twitter.com/2/problems/invalid-request",
  });
const forbidden = (detail: string) => json(403, { detail, type: "about:blank", title: "Forbidden", status: 403 });

/** What X answers when it refuses a post, by the class Postwerk sorts it into (ADR 0093). */
export const X_REFUSALS: Record<NetworkRefusalReason, FakeAnswer> = {
  duplicate: forbidden("You are not allowed to create a Tweet with duplicate content."),
  "too-long": invalidRequest("The Tweet text is too long.", "text", "…"),
  "media-invalid": invalidRequest("Your media IDs are invalid.", "media.media_ids", "1"),
  "usage-limit": json(402, {
    title: "CreditsDepleted",
    detail: "Your enrolled account [1] does not have any credits to fulfill this request.",
    type: "https://api.twitter.com/2/problems/credits",
  }),
  "permission-missing": forbidden("You are not permitted to perform this action."),
  "account-suspended": forbidden("Your account is suspended and is not permitted to access this feature."),
  "token-invalid": json(401, { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" }),
  unknown: json(400, {
    title: "Invalid Request",
    detail: "The request could not be processed.",
    type: "https://api.twitter.com/2/problems/invalid-request",
  }),
};

export type XFake = Awaited<ReturnType<typeof startXFake>>;

export async function startXFake({ port = 0 }: { port?: number } = {}) {
  const tokens = createTokenStore({ accessLifetimeMs: ACCESS_LIFETIME_MS, rotateRefresh: true });
  const users = new Map<string, { id: string; username: string; name: string }>();
  const codes = new Map<string, { account: string; redirectUri: string; challenge: string; scope: string }>();
  const uploads = new Map<string, Upload>();
  const posts: XRecordedPost[] = [];
  let nextId = 1_800_000_000_000_000_000n;
  const id = () => (nextId++).toString();

  const userFor = (username: string) => {
    let user = users.get(username);
    if (!user) {
      user = { id: String(1000 + users.size + 1), username, name: `Fake ${username}` };
      users.set(username, user);
    }
    return user;
  };
  const problem = (status: number, title: string, detail: string) =>
    json(status, { title, detail, type: "about:blank", status });
  const clientOk = (request: FakeRequest) =>
    request.headers.authorization ===
    `Basic ${Buffer.from(`${FAKE_X_CLIENT.id}:${FAKE_X_CLIENT.secret}`).toString("base64")}`;

  const routeOf = (method: string, path: string): FakeRoute | null => {
    if (path === "/i/oauth2/authorize") return "authorize";
    if (method === "POST" && path === "/2/oauth2/token") return "token";
    if (method === "GET" && path === "/2/users/me") return "identity";
    if (method === "GET" && /^\/2\/users\/\d+\/tweets$/.test(path)) return "timeline";
    if (method === "POST" && /^\/2\/media\/(upload\/initialize|upload\/\d+\/(append|finalize)|metadata)$/.test(path))
      return "media";
    if (method === "POST" && path === "/2/tweets") return "post";
    if (method === "GET" && path === "/2/tweets") return "metrics";
    if (method === "DELETE" && /^\/2\/tweets\/\d+$/.test(path)) return "delete";
    if (method === "GET" && (path === "/" || /^\/[^/]+\/status\/\d+$/.test(path))) return "page";
    return null;
  };

  const handle = async (request: FakeRequest, route: FakeRoute) => {
    const { url } = request;
    if (route === "authorize") {
      const fields = request.method === "POST" ? request.form() : url.searchParams;
      if (fields.get("client_id") !== FAKE_X_CLIENT.id) return problem(400, "Bad Request", "Unknown client_id");
      if (fields.get("code_challenge_method") !== "S256" || !fields.get("code_challenge"))
        return problem(400, "Bad Request", "PKCE (S256) is required");
      const redirectUri = fields.get("redirect_uri") ?? "";
      if (request.method === "GET")
        return authorizePage({ network: "X", action: "/i/oauth2/authorize", fields, account: "postwerk_test" });
      const code = newToken("code");
      codes.set(code, {
        account: userFor(fields.get("account") || "postwerk_test").username,
        redirectUri,
        challenge: fields.get("code_challenge") ?? "",
        scope: fields.get("scope") ?? "",
      });
      const back = new URL(redirectUri);
      back.searchParams.set("state", fields.get("state") ?? "");
      back.searchParams.set("code", code);
      return redirect(back.href);
    }
    if (route === "page") {
      const tweetId = url.pathname.split("/")[3];
      return tweetId
        ? postsPage(
            "X",
            posts.filter((post) => post.id === tweetId),
            { onePost: true },
          )
        : postsPage("X", posts);
    }
    if (route === "token") {
      if (!clientOk(request))
        return json(401, { error: "unauthorized_client", error_description: "Missing valid authorization header" });
      const form = request.form();
      if (form.get("grant_type") === "authorization_code") {
        const grant = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        if (
          !grant ||
          grant.redirectUri !== form.get("redirect_uri") ||
          s256(form.get("code_verifier") ?? "") !== grant.challenge
        )
          return json(400, {
            error: "invalid_request",
            error_description: "Value passed for the authorization code was invalid.",
          });
        return tokenAnswer(tokens.issue(grant.account, grant.scope, grant.scope.includes("offline.access")));
      }
      if (form.get("grant_type") === "refresh_token") {
        const issued = tokens.refresh(form.get("refresh_token") ?? "");
        // X's own words for a used or revoked refresh token.
        if (!issued)
          return json(400, { error: "invalid_request", error_description: "Value passed for the token was invalid." });
        return tokenAnswer(issued);
      }
      return json(400, { error: "unsupported_grant_type" });
    }
    if (request.bearer === FAKE_X_APP_BEARER)
      return route === "metrics"
        ? lookup(request)
        : problem(
            403,
            "Unsupported Authentication",
            "Authenticating with OAuth 2.0 Application-Only is forbidden for this endpoint.",
          );
    const who = tokens.check(request.bearer);
    if ("error" in who) return problem(401, "Unauthorized", "Unauthorized");
    const user = userFor(who.account);
    if (route === "identity") return json(200, { data: { id: user.id, name: user.name, username: user.username } });
    if (route === "media") return media(request, user.username);
    if (route === "timeline") return timeline(request, user);
    if (route === "metrics") return lookup(request);
    if (route === "post") {
      const body = request.json() as {
        text?: string;
        media?: { media_ids?: string[] };
        reply?: { in_reply_to_tweet_id?: string };
      } | null;
      const text = body?.text ?? "";
      const inReplyTo = body?.reply?.in_reply_to_tweet_id ?? null;
      if (inReplyTo && !posts.some((post) => post.id === inReplyTo))
        return problem(400, "Invalid Request", "The Tweet you are replying to does not exist.");
      if (postLength("x", text) > 280) return X_REFUSALS["too-long"];
      if (posts.some((post) => post.account === user.username && post.text === text)) return X_REFUSALS.duplicate;
      const images: RecordedImage[] = [];
      for (const mediaId of body?.media?.media_ids ?? []) {
        const upload = uploads.get(mediaId);
        if (!upload || upload.account !== user.username) return X_REFUSALS["media-invalid"];
        const bytes = Buffer.concat(upload.chunks);
        images.push({ size: bytes.length, bytes, mimeType: upload.mimeType, altText: upload.altText });
      }
      const post = { id: id(), account: user.username, text, images, createdAt: new Date(), inReplyTo };
      posts.push(post);
      return json(201, { data: { id: post.id, text, edit_history_tweet_ids: [post.id] } });
    }
    // delete
    const tweetId = url.pathname.split("/").pop();
    const index = posts.findIndex((post) => post.id === tweetId && post.account === user.username);
    if (index >= 0) posts.splice(index, 1);
    return json(200, { data: { deleted: index >= 0 } });
  };

  /**
   * Post lookup with public_metrics: every found post counts one read (X bills per post
   * returned, ADR 0105) and its figures grow with each read; a deleted one is a "Not Found Error".
   */
  const figuresOf = createFigureCounter();
  const lookup = (request: FakeRequest) => {
    const ids = (request.url.searchParams.get("ids") ?? "").split(",").filter(Boolean);
    if (ids.length === 0 || ids.length > 100) return invalidRequest("ids must have 1 to 100 items", "ids", "…");
    const data = [];
    const errors = [];
    for (const tweetId of ids) {
      const post = posts.find((candidate) => candidate.id === tweetId);
      if (!post) {
        errors.push({
          value: tweetId,
          detail: `Could not find tweet with ids: [${tweetId}].`,
          title: "Not Found Error",
          resource_type: "tweet",
          parameter: "ids",
          resource_id: tweetId,
          type: "https://api.twitter.com/2/problems/resource-not-found",
        });
        continue;
      }
      const figures = figuresOf(tweetId);
      data.push({
        id: tweetId,
        text: post.text,
        edit_history_tweet_ids: [tweetId],
        public_metrics: {
          retweet_count: figures.reposts,
          reply_count: figures.replies,
          like_count: figures.likes,
          quote_count: figures.quotes,
          bookmark_count: figures.bookmarks,
          impression_count: figures.views,
        },
      });
    }
    return json(200, { ...(data.length > 0 ? { data } : {}), ...(errors.length > 0 ? { errors } : {}) });
  };

  /** The user's own posts since `start_time`, newest first, with the post each replied to. */
  const timeline = (request: FakeRequest, user: { id: string; username: string }) => {
    if (request.url.pathname.split("/")[3] !== user.id)
      return problem(403, "Forbidden", "Only the user's own timeline in this fake");
    const since = Date.parse(request.url.searchParams.get("start_time") ?? "") || 0;
    const own = posts.filter((post) => post.account === user.username && post.createdAt.getTime() >= since).reverse();
    const data = own.map((post) => ({
      id: post.id,
      // As X returns a post's text: links shortened to t.co, &, < and > as entities.
      text: post.text
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/https?:\/\/\S+/g, "https://t.co/fAkE123"),
      created_at: post.createdAt.toISOString(),
      ...(post.inReplyTo ? { referenced_tweets: [{ type: "replied_to", id: post.inReplyTo }] } : {}),
    }));
    return json(200, data.length > 0 ? { data, meta: { result_count: data.length } } : { meta: { result_count: 0 } });
  };

  const media = (request: FakeRequest, account: string) => {
    const path = request.url.pathname;
    if (path.endsWith("/initialize")) {
      const body = request.json() as { media_type?: string; total_bytes?: number } | null;
      const mediaId = id();
      uploads.set(mediaId, {
        account,
        mimeType: body?.media_type ?? "",
        totalBytes: body?.total_bytes ?? 0,
        chunks: [],
        altText: "",
      });
      return json(200, { data: { id: mediaId, media_key: `3_${mediaId}`, expires_after_secs: 86_400 } });
    }
    if (path === "/2/media/metadata") {
      const body = request.json() as { id?: string; metadata?: { alt_text?: { text?: string } } } | null;
      const upload = uploads.get(body?.id ?? "");
      if (!upload) return problem(400, "Invalid Request", "Unknown media id");
      // X's limit for an image description.
      if ([...(body?.metadata?.alt_text?.text ?? "")].length > 1000)
        return problem(400, "Invalid Request", "alt_text.text must be at most 1000 characters");
      upload.altText = body?.metadata?.alt_text?.text ?? "";
      return json(200, { data: { associated_metadata: true, id: body?.id } });
    }
    const mediaId = path.split("/")[4] ?? "";
    const upload = uploads.get(mediaId);
    if (!upload || upload.account !== account) return problem(400, "Invalid Request", "Unknown media id");
    if (path.endsWith("/append")) {
      const fields = multipartFields(request);
      const chunk = fields.get("media");
      if (!chunk) return problem(400, "Invalid Request", "media is missing");
      upload.chunks[Number(fields.get("segment_index")?.toString() ?? 0)] = chunk;
      return { status: 204 };
    }
    const size = upload.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    if (size !== upload.totalBytes) return problem(400, "Invalid Request", "Size mismatch");
    return json(200, { data: { id: mediaId, media_key: `3_${mediaId}`, size, expires_after_secs: 86_400 } });
  };

  const tokenAnswer = (issued: ReturnType<typeof tokens.issue>) =>
    json(200, {
      token_type: "bearer",
      expires_in: issued.expiresIn,
      access_token: issued.accessToken,
      scope: issued.scope,
      ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
    });

  const server = await startFakeServer(port, {
    routeOf,
    handle,
    rateLimitHeaders: (resetAt) => exhaustedRateLimitHeaders("x-rate-limit-", 100, resetAt),
    errorBody: (status, message) => ({ title: message, detail: message, type: "about:blank", status }),
    refusal: (reason) => X_REFUSALS[reason],
  });

  return {
    ...server,
    posts,
    /** The user's removal of the app: every token of `username` stops working. */
    revoke: (username: string) => tokens.revoke(username),
    ...withAppBearer(oauthFakeConfiguration("X", FAKE_X_CLIENT, server.url)),
  };
}

/** X's settings and environment with the app's bearer token, so figures are read for all accounts at once. */
function withAppBearer<Settings extends object, Env extends object>({
  settings,
  env,
}: {
  settings: Settings;
  env: Env;
}) {
  return {
    settings: { ...settings, appBearerToken: FAKE_X_APP_BEARER as string | null },
    env: { ...env, X_BEARER_TOKEN: FAKE_X_APP_BEARER },
  };
}

await runOnItsOwn(import.meta.url, "X", () => startXFake({ port: Number(process.env.X_FAKE_PORT ?? 3193) }));
