import type { NetworkRefusalReason } from "#shared/publishing-failures.ts";
import {
  authorizePage,
  createFigureCounter,
  createTokenStore,
  type FakeAnswer,
  type FakeRequest,
  type FakeRoute,
  json,
  newToken,
  oauthFakeConfiguration,
  postsPage,
  type RecordedPost,
  redirect,
  runOnItsOwn,
  startFakeServer,
} from "./social-fake.ts";

// A fake of LinkedIn (ADR 0060) at the HTTP boundary: the OAuth authorize page and token
// endpoint (no refresh: tokens live 60 days), /v2/userinfo, the Images API (initializeUpload and
// the PUT of the bytes) and /rest/posts with the LinkedIn-Version header. Extra switches: a 426
// for a retired version (`fault({ kind: "version-retired" })`, or any version not in
// `activeVersions`) and `expire(account)` for a token past its 60 days. Like LinkedIn it cuts a
// commentary at the first unescaped reserved character of the "little" text format.
// Run alone: `node --import tsx tests/mocks/linkedin-server.ts` (port 3194 or LINKEDIN_FAKE_PORT).

export const FAKE_LINKEDIN_CLIENT = { id: "linkedin-fake-client", secret: "linkedin-fake-secret" };
const SIXTY_DAYS_MS = 60 * 24 * 60 * 60 * 1000;
const RESERVED = /[\\|{}@[\]()<>#*_~]/;

const linkedInError = (status: number, code: string, message: string, serviceErrorCode?: number) =>
  json(status, { ...(serviceErrorCode ? { serviceErrorCode } : {}), code, message, status });

/** What LinkedIn answers when it refuses a post, by the class Postwerk sorts it into (ADR 0093). */
export const LINKEDIN_REFUSALS: Record<NetworkRefusalReason, FakeAnswer> = {
  duplicate: linkedInError(422, "DUPLICATE_POST", "Content is a duplicate of urn:li:share:7290000000000000000"),
  "too-long": linkedInError(422, "UNPROCESSABLE_ENTITY", "/commentary :: length must be at most 3000"),
  "media-invalid": linkedInError(
    400,
    "INVALID_CONTENT",
    "/content/media/id :: urn:li:image:D4E10AQF is not in AVAILABLE state",
  ),
  "usage-limit": linkedInError(
    429,
    "TOO_MANY_REQUESTS",
    "Resource level throttle MEMBER DAY limit for calls to this resource is reached.",
  ),
  "permission-missing": linkedInError(
    403,
    "ACCESS_DENIED",
    "Not enough permissions to access: partnerApiPostsExternal.CREATE.20261001",
    100,
  ),
  "account-suspended": linkedInError(403, "ACCESS_DENIED", "Member is restricted from creating content", 100),
  "token-invalid": linkedInError(401, "INVALID_ACCESS_TOKEN", "Invalid access token", 65600),
  unknown: linkedInError(400, "BAD_REQUEST", "Request could not be processed"),
};

export type LinkedInFake = Awaited<ReturnType<typeof startLinkedInFake>>;

export async function startLinkedInFake({
  port = 0,
  activeVersions,
}: {
  port?: number;
  activeVersions?: string[];
} = {}) {
  const tokens = createTokenStore({ accessLifetimeMs: SIXTY_DAYS_MS, rotateRefresh: false });
  const members = new Map<string, { sub: string; name: string }>();
  const codes = new Map<string, { account: string; redirectUri: string; scope: string }>();
  const images = new Map<string, { account: string; bytes: Buffer | null; mimeType: string }>();
  const posts: (RecordedPost & { commentary: string })[] = [];
  let counter = 7_000_000_000;
  const versionRequests: string[] = [];

  const memberFor = (account: string) => {
    let member = members.get(account);
    if (!member) {
      member = { sub: `fake${(members.size + 1).toString().padStart(6, "0")}`, name: `Fake ${account}` };
      members.set(account, member);
    }
    return member;
  };
  const error = (status: number, message: string, extra: Record<string, unknown> = {}) =>
    json(status, { status, message, ...extra });

  const routeOf = (method: string, path: string): FakeRoute | null => {
    if (path === "/oauth/v2/authorization") return "authorize";
    if (method === "POST" && path === "/oauth/v2/accessToken") return "token";
    if (method === "GET" && path === "/v2/userinfo") return "identity";
    if ((method === "POST" && path === "/rest/images") || (method === "PUT" && path.startsWith("/upload/")))
      return "media";
    if (method === "POST" && path === "/rest/posts") return "post";
    if (method === "DELETE" && path.startsWith("/rest/posts/")) return "delete";
    if (method === "GET" && path === "/rest/memberCreatorPostAnalytics") return "metrics";
    if (method === "GET" && (path === "/" || path.startsWith("/feed/update/"))) return "page";
    return null;
  };

  const handle = (request: FakeRequest, route: FakeRoute) => {
    if (route === "authorize") {
      const fields = request.method === "POST" ? request.form() : request.url.searchParams;
      if (fields.get("client_id") !== FAKE_LINKEDIN_CLIENT.id || fields.get("response_type") !== "code")
        return error(400, "invalid client_id or response_type");
      if (request.method === "GET")
        return authorizePage({ network: "LinkedIn", action: "/oauth/v2/authorization", fields, account: "erika" });
      const code = newToken("code");
      codes.set(code, {
        account: fields.get("account") || "erika",
        redirectUri: fields.get("redirect_uri") ?? "",
        scope: fields.get("scope") ?? "",
      });
      const back = new URL(fields.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      back.searchParams.set("state", fields.get("state") ?? "");
      return redirect(back.href);
    }
    if (route === "page") {
      const urn = request.url.pathname.slice("/feed/update/".length);
      if (!urn) return postsPage("LinkedIn", posts);
      return postsPage(
        "LinkedIn",
        posts.filter((post) => post.id === decodeURIComponent(urn)),
        { onePost: true },
      );
    }
    if (route === "token") {
      const form = request.form();
      if (
        form.get("client_id") !== FAKE_LINKEDIN_CLIENT.id ||
        form.get("client_secret") !== FAKE_LINKEDIN_CLIENT.secret
      )
        return json(401, { error: "invalid_client", error_description: "Client authentication failed" });
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (form.get("grant_type") !== "authorization_code" || !grant || grant.redirectUri !== form.get("redirect_uri"))
        return json(400, {
          error: "invalid_request",
          error_description:
            "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired.",
        });
      memberFor(grant.account);
      const issued = tokens.issue(grant.account, grant.scope, false);
      return json(200, {
        access_token: issued.accessToken,
        expires_in: issued.expiresIn,
        scope: issued.scope,
        token_type: "Bearer",
      });
    }
    const who = tokens.check(request.bearer);
    if ("error" in who)
      return who.error === "expired"
        ? error(401, "The token used in the request has expired", {
            serviceErrorCode: 65601,
            code: "EXPIRED_ACCESS_TOKEN",
          })
        : error(401, "Invalid access token", { serviceErrorCode: 65600, code: "INVALID_ACCESS_TOKEN" });
    const member = memberFor(who.account);
    const urn = `urn:li:person:${member.sub}`;
    if (route === "identity")
      return json(200, {
        sub: member.sub,
        name: member.name,
        given_name: "Fake",
        family_name: who.account,
        locale: { country: "DE", language: "de" },
      });
    if (route === "media" && request.method === "PUT") {
      const image = images.get(request.url.pathname.slice("/upload/".length));
      if (!image || image.account !== who.account) return error(404, "Unknown upload");
      image.bytes = request.body;
      image.mimeType = String(request.headers["content-type"] ?? "");
      return { status: 201 };
    }
    const version = String(request.headers["linkedin-version"] ?? "");
    versionRequests.push(version);
    if (activeVersions && !activeVersions.includes(version))
      return error(426, `Requested version ${version} is not active`, { code: "NONEXISTENT_VERSION" });
    if (request.headers["x-restli-protocol-version"] !== "2.0.0")
      return error(400, "X-Restli-Protocol-Version 2.0.0 required");
    if (route === "media") {
      const body = request.json() as { initializeUploadRequest?: { owner?: string } } | null;
      if (request.url.searchParams.get("action") !== "initializeUpload" || body?.initializeUploadRequest?.owner !== urn)
        return error(400, "owner must be the member");
      const id = `C4D${counter++}`;
      images.set(id, { account: who.account, bytes: null, mimeType: "" });
      return json(200, {
        value: {
          uploadUrlExpiresAt: Date.now() + 3_600_000,
          uploadUrl: `${server.url}/upload/${id}`,
          image: `urn:li:image:${id}`,
        },
      });
    }
    if (route === "metrics") return postAnalytics(request.url.searchParams, who);
    if (route === "post") {
      const body = request.json() as {
        author?: string;
        commentary?: string;
        lifecycleState?: string;
        content?: { media?: { id?: string; altText?: string } };
      } | null;
      if (body?.author !== urn)
        return error(403, "Not enough permissions to post as this author", { code: "ACCESS_DENIED" });
      const commentary = body.commentary ?? "";
      const text = readLittleText(commentary);
      if (text.length > 3000)
        return error(422, "/commentary :: length must be at most 3000", { code: "UNPROCESSABLE_ENTITY" });
      if ([...(body.content?.media?.altText ?? "")].length > 4086)
        return error(422, "/content/media/altText :: length must be at most 4086", { code: "UNPROCESSABLE_ENTITY" });
      const recorded = [];
      const mediaId = body.content?.media?.id;
      if (mediaId) {
        const image = images.get(mediaId.replace("urn:li:image:", ""));
        if (!image?.bytes || image.account !== who.account)
          return error(422, "/content/media/id :: image not uploaded");
        recorded.push({
          size: image.bytes.length,
          bytes: image.bytes,
          mimeType: image.mimeType,
          altText: body.content?.media?.altText ?? "",
        });
      }
      const id = `urn:li:share:${counter++}`;
      posts.push({ id, account: who.account, text, commentary, images: recorded, createdAt: new Date() });
      return { status: 201, headers: { "x-restli-id": id } };
    }
    // delete
    const id = decodeURIComponent(request.url.pathname.slice("/rest/posts/".length));
    const index = posts.findIndex((post) => post.id === id && post.account === who.account);
    if (index >= 0) posts.splice(index, 1);
    return { status: 204 };
  };

  /**
   * memberCreatorPostAnalytics (ADR 0104): one metric's total for one of the member's posts, each
   * metric growing with each look; 403 without the grant, 404 for a deleted post.
   */
  const figuresOf = createFigureCounter();
  const ANALYTICS: Record<string, "views" | "likes" | "replies" | "reposts"> = {
    IMPRESSION: "views",
    REACTION: "likes",
    COMMENT: "replies",
    RESHARE: "reposts",
  };
  const postAnalytics = (
    query: URLSearchParams,
    { account, scope }: { account: string; scope: string },
  ): FakeAnswer => {
    if (!scope.split(/[\s,]+/).includes("r_member_postAnalytics"))
      return error(403, "Not enough permissions to access: memberCreatorPostAnalytics", { code: "ACCESS_DENIED" });
    const urn = /^\((?:share|ugc):(urn:li:(?:share|ugcPost):\d+)\)$/.exec(query.get("entity") ?? "")?.[1];
    const field = ANALYTICS[query.get("queryType") ?? ""];
    if (query.get("q") !== "entity" || !urn || !field || query.get("aggregation") !== "TOTAL")
      return error(400, "Invalid query parameters", { code: "ILLEGAL_ARGUMENT" });
    const post = posts.find((candidate) => candidate.id === urn && candidate.account === account);
    if (!post) return error(404, `Entity ${urn} not found`, { code: "NOT_FOUND" });
    return json(200, { paging: { count: 10, start: 0 }, elements: [{ count: figuresOf(`${urn} ${field}`)[field] }] });
  };

  const server = await startFakeServer(port, {
    routeOf,
    handle,
    rateLimitHeaders: (resetAt) => ({
      "retry-after": String(Math.max(0, Math.ceil((resetAt.getTime() - Date.now()) / 1000))),
    }),
    errorBody: (status, message) => ({ status, message }),
    refusal: (reason) => LINKEDIN_REFUSALS[reason],
  });

  const configuration = oauthFakeConfiguration("LINKEDIN", FAKE_LINKEDIN_CLIENT, server.url);
  return {
    ...server,
    posts,
    /** Every LinkedIn-Version header the fake was sent, in order. */
    versionRequests,
    /** The member's 60-day token is over. */
    expire: (account: string) => tokens.expire(account),
    /** The member removed the app. */
    revoke: (account: string) => tokens.revoke(account),
    // The fake's app has Member Post Analytics (ADR 0104).
    settings: { ...configuration.settings, postAnalytics: true },
    env: { ...configuration.env, LINKEDIN_POST_ANALYTICS: "true" },
  };
}

/**
 * What members see of a "little" commentary: escapes removed, hashtags and URLs as they are, and
 * (like LinkedIn) the text cut at the first reserved character that is not escaped.
 */
function readLittleText(commentary: string): string {
  let text = "";
  for (let index = 0; index < commentary.length; index++) {
    const rest = commentary.slice(index);
    const verbatim = /^(https?:\/\/\S+|#[\p{L}\p{N}_]+)/u.exec(rest)?.[0];
    if (verbatim) {
      text += verbatim;
      index += verbatim.length - 1;
      continue;
    }
    const char = commentary[index] ?? "";
    if (char === "\\") {
      text += commentary[index + 1] ?? "";
      index++;
      continue;
    }
    if (RESERVED.test(char)) return text;
    text += char;
  }
  return text;
}

await runOnItsOwn(import.meta.url, "LinkedIn", () =>
  startLinkedInFake({ port: Number(process.env.LINKEDIN_FAKE_PORT ?? 3194) }),
);
