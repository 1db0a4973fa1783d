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
  multipartFields,
  newToken,
  postsPage,
  type RecordedImage,
  type RecordedPost,
  redirect,
  runOnItsOwn,
  startFakeServer,
} from "./social-fake.ts";

// A fake of Meta's Graph API for Facebook Pages and Instagram (ADR 0096, 0097) at the HTTP
// boundary: the login dialog and /oauth/access_token (code, then fb_exchange_token), /me and
// /me/accounts (each login has one page with its page token and a linked Instagram account),
// /{page}/photos (multipart `source`) and /{page}/feed, Instagram's media containers (the fake
// fetches `image_url` as Meta does: an unreachable or expired link makes the container ERROR),
// their status_code (IN_PROGRESS, FINISHED, ERROR, EXPIRED as planned by `planContainers`),
// /media_publish and /content_publishing_limit (50 in 24 hours; `fillQuota` uses it up). The
// failure switches are social-fake.ts's: faults per route ("media": photos and containers,
// "post": feed and media_publish, "resolve": a container's status, "timeline": the publishing
// limit, "metrics": a page post's counts and an Instagram media's insights, ADR 0104),
// `revoke(account)` for a token Meta no longer takes (code 190). A deleted post is Graph's 100/33.
// Run alone: `node --import tsx tests/mocks/meta-server.ts` (port 3189 or META_FAKE_PORT).

export const FAKE_META_APP = { id: "meta-fake-app", secret: "meta-fake-secret" };
const VERSION = "/v24.0";
const DAY_MS = 24 * 60 * 60 * 1000;
const QUOTA_TOTAL = 50;
const SIXTY_DAYS_MS = 60 * DAY_MS;

export type ContainerStatus = "IN_PROGRESS" | "FINISHED" | "ERROR" | "EXPIRED";

const graphError = (status: number, code: number, message: string, type = "OAuthException") =>
  json(status, { error: { message, type, code, fbtrace_id: "FakeTrace" } });

/** What Graph answers when it refuses a post, by the class Postwerk sorts it into (ADR 0093). */
export const META_REFUSALS: Record<NetworkRefusalReason, FakeAnswer> = {
  duplicate: graphError(400, 506, "Duplicate status message"),
  "too-long": graphError(400, 100, "The caption is too long"),
  "media-invalid": graphError(400, 324, "Missing or invalid image file"),
  "usage-limit": graphError(400, 32, "Page request limit reached"),
  "permission-missing": graphError(403, 200, "Requires pages_manage_posts permission to manage the object"),
  "account-suspended": graphError(400, 368, "The action attempted has been deemed abusive or is otherwise disallowed"),
  "token-invalid": graphError(400, 190, "Error validating access token: The session has been invalidated"),
  unknown: graphError(400, 100, "Invalid parameter"),
};

export type MetaPost = RecordedPost & { network: "facebook" | "instagram"; target: string; link: string | null };

type Page = { id: string; name: string; account: string; igId: string; igUsername: string };
type Container = {
  id: string;
  igId: string;
  account: string;
  caption: string;
  altText: string;
  image: RecordedImage | null;
  statuses: ContainerStatus[];
  published: boolean;
};

export type MetaFake = Awaited<ReturnType<typeof startMetaFake>>;

export async function startMetaFake({ port = 0 } = {}) {
  const userTokens = createTokenStore({ accessLifetimeMs: SIXTY_DAYS_MS, rotateRefresh: false });
  const codes = new Map<string, { account: string; redirectUri: string }>();
  const pages = new Map<string, Page>();
  const pageTokens = new Map<string, string>();
  const photos = new Map<string, { account: string; image: RecordedImage }>();
  const containers = new Map<string, Container>();
  const posts: MetaPost[] = [];
  /** Posts made elsewhere (the Instagram app, another tool) that count toward the limit. */
  const otherUsage = new Map<string, Date[]>();
  let plannedStatuses: ContainerStatus[][] = [];
  const figuresOf = createFigureCounter();
  let counter = 9_000_000;

  const pageOf = (account: string) => {
    let page = [...pages.values()].find((candidate) => candidate.account === account);
    if (!page) {
      const id = String(100_000 + pages.size);
      page = { id, name: `${account} (Seite)`, account, igId: `1784${id}`, igUsername: `${account}.insta` };
      pages.set(id, page);
    }
    return page;
  };
  const pageByToken = (token: string | null) => {
    const id = token ? pageTokens.get(token) : undefined;
    return id ? pages.get(id) : undefined;
  };
  const pageTokenOf = (page: Page) => {
    for (const [token, id] of pageTokens) if (id === page.id) return token;
    const token = newToken("page");
    pageTokens.set(token, page.id);
    return token;
  };
  const usageOf = (igId: string, now: number) =>
    [
      ...posts.filter((post) => post.target === igId).map((post) => post.createdAt),
      ...(otherUsage.get(igId) ?? []),
    ].filter((at) => at.getTime() > now - DAY_MS);

  const routeOf = (method: string, path: string): FakeRoute | null => {
    if (path === "/" || path.startsWith("/post/")) return "page";
    if (!path.startsWith(`${VERSION}/`)) return null;
    const rest = path.slice(VERSION.length);
    if (rest === "/dialog/oauth") return "authorize";
    if (rest === "/oauth/access_token") return "token";
    if (rest === "/me" || rest === "/me/accounts") return "identity";
    if (method === "POST" && /^\/\d+\/(photos|media)$/.test(rest)) return "media";
    if (method === "POST" && /^\/\d+\/(feed|media_publish)$/.test(rest)) return "post";
    if (method === "GET" && /^\/\d+\/(content_publishing_limit|media)$/.test(rest)) return "timeline";
    if (method === "DELETE") return "delete";
    // A page post's counts (its id is `{page}_{post}`) and an Instagram media's insights (ADR 0104).
    if (method === "GET" && (/^\/\d+_\d+$/.test(rest) || /^\/\d+\/insights$/.test(rest))) return "metrics";
    if (method === "GET") return "resolve";
    return null;
  };

  const fetchImage = async (url: string): Promise<RecordedImage | null> => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) return null;
      const bytes = Buffer.from(await response.arrayBuffer());
      return { size: bytes.length, bytes, mimeType: response.headers.get("content-type") ?? "", altText: "" };
    } catch {
      return null;
    }
  };

  const handle = async (request: FakeRequest, route: FakeRoute): Promise<FakeAnswer> => {
    const rest = request.url.pathname.slice(VERSION.length);
    const query = request.url.searchParams;
    if (route === "page") {
      const id = decodeURIComponent(request.url.pathname.slice("/post/".length));
      return id
        ? postsPage(
            "Meta",
            posts.filter((post) => post.id === id),
            { onePost: true },
          )
        : postsPage("Meta", posts);
    }
    if (route === "authorize") {
      const fields = request.method === "POST" ? request.form() : query;
      if (fields.get("client_id") !== FAKE_META_APP.id || fields.get("response_type") !== "code")
        return graphError(400, 100, "Invalid client_id or response_type");
      if (request.method === "GET")
        return authorizePage({ network: "Facebook", action: `${VERSION}/dialog/oauth`, fields, account: "redaktion" });
      const code = newToken("code");
      codes.set(code, { account: fields.get("account") || "redaktion", redirectUri: fields.get("redirect_uri") ?? "" });
      const back = new URL(fields.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      back.searchParams.set("state", fields.get("state") ?? "");
      return redirect(back.href);
    }
    if (route === "token") {
      if (query.get("client_id") !== FAKE_META_APP.id || query.get("client_secret") !== FAKE_META_APP.secret)
        return graphError(400, 1, "Error validating client secret.");
      if (query.get("grant_type") === "fb_exchange_token") {
        const who = userTokens.check(query.get("fb_exchange_token"));
        if ("error" in who) return graphError(400, 190, "Invalid OAuth access token.");
        const issued = userTokens.issue(who.account, "", false);
        return json(200, { access_token: issued.accessToken, token_type: "bearer", expires_in: issued.expiresIn });
      }
      const grant = codes.get(query.get("code") ?? "");
      codes.delete(query.get("code") ?? "");
      if (!grant || grant.redirectUri !== query.get("redirect_uri"))
        return graphError(400, 100, "Invalid verification code format.");
      const issued = userTokens.issue(grant.account, "", false);
      return json(200, { access_token: issued.accessToken, token_type: "bearer", expires_in: 3600 });
    }

    const user = userTokens.check(request.bearer);
    const page = pageByToken(request.bearer);
    if (rest === "/me/accounts") {
      if ("error" in user) return graphError(400, 190, "Invalid OAuth access token.");
      const own = pageOf(user.account);
      return json(200, {
        data: [
          {
            id: own.id,
            name: own.name,
            access_token: pageTokenOf(own),
            instagram_business_account: {
              id: own.igId,
              username: own.igUsername,
              name: `${own.account} auf Instagram`,
            },
          },
        ],
        paging: { cursors: { before: "b", after: "a" } },
      });
    }
    if (!page) return graphError(400, 190, "Error validating access token: The session has been invalidated");
    if (rest === "/me") {
      return json(200, {
        id: page.id,
        name: page.name,
        instagram_business_account: { id: page.igId, username: page.igUsername, name: `${page.account} auf Instagram` },
      });
    }
    const [, target = "", edge = ""] = rest.split("/");
    const ownsTarget = target === page.id || target === page.igId;

    if (route === "media" && edge === "photos") {
      if (target !== page.id) return graphError(403, 200, "Permissions error");
      const fields = multipartFields(request);
      const source = fields.get("source");
      if (!source) return graphError(400, 324, "Requires upload file");
      const id = `photo${counter++}`;
      const mimeType = /image\/\w+/.exec(request.body.toString("latin1"))?.[0] ?? "";
      photos.set(id, {
        account: page.account,
        image: {
          size: source.length,
          bytes: source,
          mimeType,
          altText: fields.get("alt_text_custom")?.toString() ?? "",
        },
      });
      return json(200, { id });
    }
    if (route === "media" && edge === "media") {
      if (target !== page.igId) return graphError(403, 10, "Application does not have permission for this action");
      const form = request.form();
      const caption = form.get("caption") ?? "";
      if (caption.length > 2200) return graphError(400, 100, "The caption is too long");
      const image = await fetchImage(form.get("image_url") ?? "");
      const id = `${counter++}`;
      const statuses = plannedStatuses.shift() ?? ["FINISHED"];
      containers.set(id, {
        id,
        igId: page.igId,
        account: page.account,
        caption,
        altText: form.get("alt_text") ?? "",
        image: image ? { ...image, altText: form.get("alt_text") ?? "" } : null,
        // Meta cannot make a container from an image it could not fetch.
        statuses: image ? statuses : ["ERROR"],
        published: false,
      });
      return json(200, { id: `c${id}` });
    }
    if (route === "post" && edge === "feed") {
      if (target !== page.id) return graphError(403, 200, "Permissions error");
      const form = request.form();
      const attached = JSON.parse(form.get("attached_media") ?? "[]") as { media_fbid?: string }[];
      const images: RecordedImage[] = [];
      for (const media of attached) {
        const photo = photos.get(media.media_fbid ?? "");
        if (!photo || photo.account !== page.account) return graphError(400, 100, "Invalid attached_media");
        images.push(photo.image);
      }
      const id = `${page.id}_${counter++}`;
      posts.push({
        id,
        network: "facebook",
        target: page.id,
        account: page.account,
        text: form.get("message") ?? "",
        link: form.get("link"),
        images,
        createdAt: new Date(),
      });
      return json(200, { id });
    }
    if (route === "post" && edge === "media_publish") {
      if (target !== page.igId) return graphError(403, 10, "Application does not have permission for this action");
      if (usageOf(page.igId, Date.now()).length >= QUOTA_TOTAL)
        return graphError(400, 9, "Application request limit reached");
      const container = containers.get((request.form().get("creation_id") ?? "").replace(/^c/, ""));
      if (!container || container.igId !== page.igId) return graphError(400, 100, "Invalid creation_id");
      if (container.published || container.statuses[0] !== "FINISHED")
        return graphError(400, 9007, "Media ID is not available");
      container.published = true;
      const id = `1790${counter++}`;
      posts.push({
        id,
        network: "instagram",
        target: page.igId,
        account: page.account,
        text: container.caption,
        link: null,
        images: container.image ? [container.image] : [],
        createdAt: new Date(),
      });
      return json(200, { id });
    }
    if (route === "timeline" && edge === "content_publishing_limit") {
      if (target !== page.igId) return graphError(403, 10, "Permissions error");
      return json(200, {
        data: [
          {
            quota_usage: usageOf(page.igId, Date.now()).length,
            config: { quota_total: QUOTA_TOTAL, quota_duration: 86400 },
          },
        ],
      });
    }
    if (route === "timeline" && edge === "media") {
      if (target !== page.igId) return graphError(403, 10, "Permissions error");
      const times = usageOf(page.igId, Date.now()).sort((a, b) => b.getTime() - a.getTime());
      return json(200, { data: times.map((at, index) => ({ id: `m${index}`, timestamp: at.toISOString() })) });
    }
    if (route === "metrics") {
      const post = posts.find((candidate) => candidate.id === target && candidate.account === page.account);
      if (!post) return missingObject(target);
      const figures = figuresOf(post.id);
      if (post.network === "instagram")
        return json(200, {
          data: insightData(post.id, {
            views: figures.views,
            likes: figures.likes,
            comments: figures.replies,
            saved: figures.bookmarks,
            shares: figures.reposts,
          }),
        });
      return json(200, {
        id: post.id,
        shares: { count: figures.reposts },
        reactions: { data: [], summary: { total_count: figures.likes, viewer_reaction: "NONE" } },
        comments: { data: [], summary: { order: "ranked", total_count: figures.replies, can_comment: true } },
        insights: { data: insightData(post.id, { post_media_view: figures.views }) },
      });
    }
    if (route === "resolve") {
      if (target.startsWith("c")) {
        const container = containers.get(target.slice(1));
        if (!container || container.igId !== page.igId) return graphError(400, 100, "Unsupported get request");
        if (container.published) return json(200, { id: target, status_code: "PUBLISHED" });
        // Each look moves a planned container one step on; the last status stays.
        const status =
          container.statuses.length > 1 ? (container.statuses.shift() ?? "FINISHED") : container.statuses[0];
        return json(200, {
          id: target,
          status_code: status,
          ...(status === "ERROR" ? { status: "Error: Media download has failed." } : {}),
        });
      }
      const post = posts.find((candidate) => candidate.id === target && candidate.account === page.account);
      if (!post) return graphError(400, 100, "Unsupported get request");
      return json(200, { id: post.id, permalink: `${server.url}/post/${post.id}` });
    }
    if (route === "delete") {
      const index = posts.findIndex((post) => post.id === target && post.account === page.account);
      if (index < 0) return graphError(400, 100, "Unsupported delete request");
      posts.splice(index, 1);
      return json(200, { success: true });
    }
    if (!ownsTarget) return graphError(403, 200, "Permissions error");
    return graphError(400, 100, "Unsupported request");
  };

  const server = await startFakeServer(port, {
    routeOf,
    handle,
    rateLimitHeaders: () => ({
      "x-business-use-case-usage": JSON.stringify({
        fake: [
          { type: "pages", call_count: 100, total_cputime: 10, total_time: 10, estimated_time_to_regain_access: 5 },
        ],
      }),
    }),
    errorBody: (status, message) => ({
      error: {
        message,
        type: "OAuthException",
        code: status === 429 ? 32 : status === 401 ? 190 : status >= 500 ? 2 : 100,
        fbtrace_id: "FakeTrace",
      },
    }),
    refusal: (reason) => META_REFUSALS[reason],
  });

  const settings = {
    app: { clientId: FAKE_META_APP.id, clientSecret: FAKE_META_APP.secret },
    graphBase: server.url,
    webBase: server.url,
    publicImages: true,
  };
  return {
    ...server,
    posts,
    settings,
    env: {
      META_APP_ID: FAKE_META_APP.id,
      META_APP_SECRET: FAKE_META_APP.secret,
      META_GRAPH_BASE: server.url,
      META_WEB_BASE: server.url,
      META_ALLOW_PRIVATE_IMAGE_URLS: "true",
    },
    /** The statuses the next containers go through, one list per container, one step per look. */
    planContainers(...lists: ContainerStatus[][]) {
      plannedStatuses = lists.map((list) => [...list]);
    },
    /** The Instagram account has used its 50 posts, the oldest at `oldest`. */
    fillQuota(igId: string, oldest: Date) {
      otherUsage.set(
        igId,
        Array.from({ length: QUOTA_TOTAL }, (_, index) => new Date(oldest.getTime() + index * 60_000)),
      );
    },
    /** The user removed the app: the user token and the page tokens stop working (code 190). */
    revoke(account: string) {
      userTokens.revoke(account);
      for (const [token, id] of pageTokens) if (pages.get(id)?.account === account) pageTokens.delete(token);
    },
    /** The page and Instagram account a login as `account` lists. */
    pageOf,
  };
}

await runOnItsOwn(
  import.meta.url,
  "Meta",
  () => startMetaFake({ port: Number(process.env.META_FAKE_PORT ?? 3189) }),
  "META_ALLOW_PRIVATE_IMAGE_URLS=true lässt den Fake Bilder von localhost laden.",
);
