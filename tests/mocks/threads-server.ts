import { checkPostText } from "#shared/post-length.ts";
import type { NetworkRefusalReason } from "#shared/publishing-failures.ts";
import {
  authorizePage,
  createFigureCounter,
  createTokenStore,
  type FakeAnswer,
  type FakeRequest,
  type FakeRoute,
  insightData,
  json,
  missingObject,
  newToken,
  postsPage,
  type RecordedImage,
  type RecordedPost,
  redirect,
  runOnItsOwn,
  startFakeServer,
} from "./social-fake.ts";

// A fake of Meta's Threads API (ADR 0098) at the HTTP boundary: the authorize page at
// /oauth/authorize, the code exchange (POST /oauth/access_token), the long-lived token
// (GET /access_token?grant_type=th_exchange_token) and its renewal (GET /refresh_access_token),
// GET /v1.0/me, media containers (POST /v1.0/{user}/threads, with `reply_to_id` for a reply chain;
// an image is fetched from its `image_url`) whose status a test scripts (IN_PROGRESS, FINISHED,
// ERROR, EXPIRED), POST /v1.0/{user}/threads_publish, the publishing limit with a usage a test
// sets, the account's own posts and replies, DELETE, a post's insights (the figures, ADR 0104),
// and every failure switch of social-fake.ts.
// Meta answers a dead token and throttling with 400 and a Graph code (190, 4), as here. Run alone:
// `node --import tsx tests/mocks/threads-server.ts` (port 3191 or THREADS_FAKE_PORT).

export const FAKE_THREADS_APP = { id: "threads-fake-app", secret: "threads-fake-secret" };
const SHORT_LIFETIME_MS = 60 * 60 * 1000;
const LONG_LIFETIME_S = 5_183_944;
const DAY_MS = 86_400_000;

export type ContainerStatus = "IN_PROGRESS" | "FINISHED" | "ERROR" | "EXPIRED";

/** A post on the fake Threads, with the post it replies to (a reply chain, ADR 0066). */
export type ThreadsRecordedPost = RecordedPost & { inReplyTo: string | null; permalink: string };

type Container = {
  account: string;
  text: string;
  inReplyTo: string | null;
  image: RecordedImage | null;
  /** What the next status checks answer; the last one stays. */
  statuses: ContainerStatus[];
  errorMessage: string | null;
  published: boolean;
};

const graphError = (status: number, message: string, code: number, extra: Record<string, unknown> = {}) =>
  json(status, { error: { message, type: "OAuthException", code, fbtrace_id: "AfakeTrace", ...extra } });

/** What Threads answers when it refuses a post, by the class Postwerk sorts it into (ADR 0093). */
export const THREADS_REFUSALS: Record<NetworkRefusalReason, FakeAnswer> = {
  duplicate: graphError(400, "Duplicate post", 100),
  "too-long": graphError(400, "The text is too long. Threads posts are limited to 500 characters.", 100),
  "media-invalid": graphError(400, "The image could not be fetched from image_url.", 100),
  "usage-limit": graphError(400, "Publishing limit exceeded: THREADS_API__PUBLISHING_LIMIT_REACHED", 9),
  "permission-missing": graphError(403, "(#10) Application does not have permission for this action", 10),
  "account-suspended": graphError(400, "This account is restricted from posting", 368),
  "token-invalid": graphError(400, "Error validating access token: The session has been invalidated.", 190),
  unknown: graphError(400, "An unknown error occurred", 1_000),
};

export type ThreadsFake = Awaited<ReturnType<typeof startThreadsFake>>;

export async function startThreadsFake({ port = 0 }: { port?: number } = {}) {
  const shortTokens = createTokenStore({ accessLifetimeMs: SHORT_LIFETIME_MS, rotateRefresh: false });
  const tokens = createTokenStore({ accessLifetimeMs: LONG_LIFETIME_S * 1000, rotateRefresh: false });
  const users = new Map<string, { id: string; username: string; name: string }>();
  const codes = new Map<string, { account: string; redirectUri: string; scope: string }>();
  const containers = new Map<string, Container>();
  const posts: ThreadsRecordedPost[] = [];
  let nextId = 17_890_000_000_000_000n;
  const id = () => (nextId++).toString();
  let nextStatuses: ContainerStatus[] = [];
  /** Posts and replies made elsewhere in the last 24 hours, on top of those in `posts`. */
  const usedElsewhere = { posts: 0, replies: 0 };
  let refreshes = 0;
  /** Images the fake serves itself, as Postwerk's public address would, for the tests of image posts. */
  const hostedImages = new Map<string, { bytes: Buffer; mimeType: string }>();
  let url = "";

  const userFor = (username: string) => {
    let user = users.get(username);
    if (!user) {
      user = { id: String(26_000 + users.size + 1), username, name: `Fake ${username}` };
      users.set(username, user);
    }
    return user;
  };
  const tokenOf = (request: FakeRequest) => request.bearer ?? request.url.searchParams.get("access_token");
  const invalidToken = () => graphError(400, "Error validating access token: Session has expired.", 190);

  const routeOf = (method: string, path: string): FakeRoute | null => {
    if (path === "/oauth/authorize") return "authorize";
    if (path === "/oauth/access_token" || path === "/access_token" || path === "/refresh_access_token") return "token";
    if (method === "GET" && path === "/v1.0/me") return "identity";
    if (method === "GET" && /^\/v1\.0\/\d+\/threads_publishing_limit$/.test(path)) return "quota";
    if (method === "GET" && /^\/v1\.0\/\d+\/(threads|replies)$/.test(path)) return "timeline";
    if (method === "POST" && /^\/v1\.0\/\d+\/threads$/.test(path)) return "media";
    if (method === "POST" && /^\/v1\.0\/\d+\/threads_publish$/.test(path)) return "post";
    if (method === "GET" && /^\/v1\.0\/\d+$/.test(path)) return "status";
    if (method === "GET" && /^\/v1\.0\/\d+\/insights$/.test(path)) return "metrics";
    if (method === "DELETE" && /^\/v1\.0\/\d+$/.test(path)) return "delete";
    if (method === "GET" && (path === "/" || /^\/@[^/]+\/post\/\d+$/.test(path) || hostedImages.has(path)))
      return "page";
    return null;
  };

  const recent = (account: string, replies: boolean) =>
    posts.filter(
      (post) =>
        post.account === account &&
        (post.inReplyTo !== null) === replies &&
        post.createdAt.getTime() > Date.now() - DAY_MS,
    );

  const handle = async (request: FakeRequest, route: FakeRoute): Promise<FakeAnswer> => {
    const path = request.url.pathname;
    if (route === "authorize") {
      const fields = request.method === "POST" ? request.form() : request.url.searchParams;
      if (fields.get("client_id") !== FAKE_THREADS_APP.id) return graphError(400, "Invalid platform app", 100);
      if (request.method === "GET")
        return authorizePage({ network: "Threads", action: "/oauth/authorize", fields, account: "postwerk_test" });
      const code = newToken("code");
      codes.set(code, {
        account: userFor(fields.get("account") || "postwerk_test").username,
        redirectUri: fields.get("redirect_uri") ?? "",
        scope: fields.get("scope") ?? "",
      });
      const back = new URL(fields.get("redirect_uri") ?? "");
      back.searchParams.set("state", fields.get("state") ?? "");
      back.searchParams.set("code", code);
      return redirect(back.href);
    }
    const hosted = hostedImages.get(path);
    if (route === "page" && hosted)
      return { status: 200, body: hosted.bytes, headers: { "content-type": hosted.mimeType } };
    if (route === "page") {
      const postId = path.split("/")[3];
      return postId
        ? postsPage(
            "Threads",
            posts.filter((post) => post.id === postId),
            { onePost: true },
          )
        : postsPage("Threads", posts);
    }
    if (route === "token") return tokenAnswer(request);
    const who = tokens.check(tokenOf(request));
    if ("error" in who) return invalidToken();
    const user = userFor(who.account);
    const userId = path.split("/")[2];
    if (route === "metrics") return insights(path.split("/")[2] ?? "", user.username);
    if (route !== "identity" && route !== "status" && route !== "delete" && userId !== user.id)
      return graphError(403, "(#10) Application does not have permission for this action", 10);
    if (route === "identity")
      return json(200, { id: user.id, username: user.username, name: user.name, threads_profile_picture_url: null });
    if (route === "quota")
      return json(200, {
        data: [
          {
            quota_usage: recent(user.username, false).length + usedElsewhere.posts,
            config: { quota_total: 250, quota_duration: 86_400 },
            reply_quota_usage: recent(user.username, true).length + usedElsewhere.replies,
            reply_config: { quota_total: 1000, quota_duration: 86_400 },
          },
        ],
      });
    if (route === "timeline") {
      const replies = path.endsWith("/replies");
      const since = Number(request.url.searchParams.get("since") ?? 0) * 1000;
      const own = posts
        .filter((post) => post.account === user.username && (post.inReplyTo !== null) === replies)
        .filter((post) => post.createdAt.getTime() >= since)
        .reverse();
      return json(200, {
        data: own.map((post) => ({
          id: post.id,
          text: post.text,
          timestamp: post.createdAt.toISOString().replace(/\.\d{3}Z$/, "+0000"),
          permalink: post.permalink,
          ...(post.inReplyTo ? { replied_to: { id: post.inReplyTo } } : {}),
        })),
      });
    }
    if (route === "media") return createContainer(request, user.username);
    if (route === "status") {
      const itemId = path.split("/")[2] ?? "";
      const container = containers.get(itemId);
      if (container) {
        const status = container.published
          ? "PUBLISHED"
          : container.statuses.length > 1
            ? container.statuses.shift()
            : container.statuses[0];
        return json(200, {
          id: itemId,
          status,
          ...(status === "ERROR" ? { error_message: container.errorMessage ?? "UNKNOWN" } : {}),
        });
      }
      const post = posts.find((candidate) => candidate.id === itemId);
      return post
        ? json(200, { id: post.id, permalink: post.permalink })
        : graphError(400, "Unsupported get request", 100);
    }
    if (route === "post") {
      const creationId = request.form().get("creation_id") ?? "";
      const container = containers.get(creationId);
      if (!container || container.account !== user.username) return graphError(400, "Invalid creation_id", 100);
      if (container.published) return graphError(400, "The media container has already been published", 100);
      if (container.statuses[0] !== "FINISHED")
        return graphError(400, "Media Not Ready: the media container is not ready to be published", 9_007, {
          error_subcode: 2_207_027,
        });
      const reply = container.inReplyTo !== null;
      if (
        recent(user.username, reply).length + (reply ? usedElsewhere.replies : usedElsewhere.posts) >=
        (reply ? 1000 : 250)
      )
        return THREADS_REFUSALS["usage-limit"];
      container.published = true;
      const postId = id();
      const post: ThreadsRecordedPost = {
        id: postId,
        account: user.username,
        text: container.text,
        images: container.image ? [container.image] : [],
        createdAt: new Date(),
        inReplyTo: container.inReplyTo,
        permalink: `${url}/@${user.username}/post/${postId}`,
      };
      posts.push(post);
      return json(200, { id: postId });
    }
    // delete
    const postId = path.split("/")[2];
    const index = posts.findIndex((post) => post.id === postId && post.account === user.username);
    if (index < 0) return graphError(400, "Unsupported delete request", 100);
    posts.splice(index, 1);
    return json(200, { success: true, deleted_id: postId });
  };

  /** A post's insights (ADR 0104), growing with each look; another account's or a deleted post is Graph's 100/33. */
  const figuresOf = createFigureCounter();
  const insights = (postId: string, account: string): FakeAnswer => {
    const post = posts.find((candidate) => candidate.id === postId && candidate.account === account);
    if (!post) return missingObject(postId);
    const figures = figuresOf(postId);
    return json(200, {
      data: insightData(postId, {
        views: figures.views,
        likes: figures.likes,
        replies: figures.replies,
        reposts: figures.reposts,
        quotes: figures.quotes,
      }),
    });
  };

  const createContainer = async (request: FakeRequest, account: string): Promise<FakeAnswer> => {
    const form = request.form();
    const text = form.get("text") ?? "";
    const inReplyTo = form.get("reply_to_id");
    if (inReplyTo && !posts.some((post) => post.id === inReplyTo))
      return graphError(400, "The post you are replying to does not exist", 100);
    if (!checkPostText("threads", text).fits) return THREADS_REFUSALS["too-long"];
    let image: RecordedImage | null = null;
    let errorMessage: string | null = null;
    const imageUrl = form.get("image_url");
    if (form.get("media_type") === "IMAGE") {
      // Meta fetches the image from its public address; one it cannot fetch ends as ERROR.
      const fetched = imageUrl ? await fetch(imageUrl).catch(() => null) : null;
      if (fetched?.ok) {
        const bytes = Buffer.from(await fetched.arrayBuffer());
        const mimeType = fetched.headers.get("content-type") ?? "";
        image = { size: bytes.length, bytes, mimeType, altText: form.get("alt_text") ?? "" };
      } else errorMessage = "FAILED_DOWNLOADING_IMAGE";
    }
    const statuses: ContainerStatus[] = errorMessage
      ? ["ERROR"]
      : nextStatuses.length > 0
        ? nextStatuses
        : ["FINISHED"];
    nextStatuses = [];
    const containerId = id();
    containers.set(containerId, { account, text, inReplyTo, image, statuses, errorMessage, published: false });
    return json(200, { id: containerId });
  };

  const tokenAnswer = (request: FakeRequest): FakeAnswer => {
    const path = request.url.pathname;
    const query = request.url.searchParams;
    if (path === "/oauth/access_token") {
      const form = request.form();
      if (form.get("client_id") !== FAKE_THREADS_APP.id || form.get("client_secret") !== FAKE_THREADS_APP.secret)
        return graphError(400, "Error validating client secret.", 1);
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!grant || grant.redirectUri !== form.get("redirect_uri"))
        return graphError(400, "Invalid verification code format.", 100);
      const issued = shortTokens.issue(grant.account, grant.scope, false);
      return json(200, { access_token: issued.accessToken, user_id: userFor(grant.account).id });
    }
    if (path === "/access_token") {
      if (query.get("grant_type") !== "th_exchange_token" || query.get("client_secret") !== FAKE_THREADS_APP.secret)
        return graphError(400, "Invalid grant_type or client_secret", 100);
      const short = shortTokens.check(query.get("access_token"));
      if ("error" in short) return invalidToken();
      return longLivedAnswer(tokens.issue(short.account, "", false).accessToken);
    }
    if (query.get("grant_type") !== "th_refresh_token") return graphError(400, "Invalid grant_type", 100);
    const current = tokens.check(query.get("access_token"));
    if ("error" in current) return invalidToken();
    refreshes += 1;
    return longLivedAnswer(tokens.issue(current.account, "", false).accessToken);
  };
  const longLivedAnswer = (accessToken: string) =>
    json(200, { access_token: accessToken, token_type: "bearer", expires_in: LONG_LIFETIME_S });

  const server = await startFakeServer(port, {
    routeOf,
    handle,
    // Meta sends no reset time with a throttled call, only its usage in x-app-usage.
    rateLimitHeaders: () => ({
      "x-app-usage": JSON.stringify({ call_count: 100, total_time: 100, total_cputime: 100 }),
    }),
    errorBody: (status, message) => ({
      error: { message, type: "OAuthException", code: status === 429 ? 4 : status >= 500 ? 2 : 1, fbtrace_id: "Afake" },
    }),
    refusal: (reason) => THREADS_REFUSALS[reason],
  });
  url = server.url;
  const app = { clientId: FAKE_THREADS_APP.id, clientSecret: FAKE_THREADS_APP.secret };

  return {
    ...server,
    posts,
    settings: { app, apiBase: server.url, webBase: server.url, publicImages: false, replyWaitsMs: [] },
    env: {
      THREADS_APP_ID: FAKE_THREADS_APP.id,
      THREADS_APP_SECRET: FAKE_THREADS_APP.secret,
      THREADS_API_BASE: server.url,
      THREADS_WEB_BASE: server.url,
    },
    /** The next container answers these statuses to its checks, in order; the last one stays. */
    nextContainer(statuses: ContainerStatus[]) {
      nextStatuses = [...statuses];
    },
    /** Posts (or replies) the account made elsewhere in the last 24 hours: the limit counts them. */
    setUsage(usage: { posts?: number; replies?: number }) {
      usedElsewhere.posts = usage.posts ?? usedElsewhere.posts;
      usedElsewhere.replies = usage.replies ?? usedElsewhere.replies;
    },
    /** Serves `bytes` at `path` on the fake (the fake's own URL then stands for a public BASE_URL). */
    hostImage(path: string, bytes: Buffer, mimeType: string) {
      hostedImages.set(path, { bytes, mimeType });
    },
    /** How often a long-lived token was renewed. */
    refreshCount: () => refreshes,
    /** The user's removal of the app: every token of `username` stops working. */
    revoke: (username: string) => {
      tokens.revoke(username);
      shortTokens.revoke(username);
    },
  };
}

await runOnItsOwn(import.meta.url, "Threads", () =>
  startThreadsFake({ port: Number(process.env.THREADS_FAKE_PORT ?? 3191) }),
);
