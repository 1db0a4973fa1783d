import { postLength } from "#shared/post-length.ts";
import type { NetworkRefusalReason } from "#shared/publishing-failures.ts";
import {
  authorizePage,
  createFigureCounter,
  createTokenStore,
  type FakeAnswer,
  type FakeRequest,
  type FakeRoute,
  json,
  multipartFields,
  newToken,
  postsPage,
  type RecordedImage,
  type RecordedPost,
  redirect,
  runOnItsOwn,
  s256,
  startFakeServer,
} from "./social-fake.ts";

// A fake Mastodon instance (ADR 0095) at the HTTP boundary: app registration (POST /api/v1/apps),
// OAuth with PKCE (authorize page, token), verify_credentials, GET /api/v2/instance with a
// character limit the test sets, the v2 media upload with a description, statuses with
// Idempotency-Key (the same key of the same account answers the status it made, stored once),
// replies (`in_reply_to_id`), content warnings, delete, the account's statuses and one status
// with its counts (the figures, ADR 0104). The failure
// switches are those of social-fake.ts. Run alone: `node --import tsx tests/mocks/mastodon-server.ts`
// (port 3190 or MASTODON_FAKE_PORT); connect with the instance address it prints.

/** The fake's own account; the authorize page offers it. */
export const FAKE_MASTODON_ACCOUNT = { username: "erika", displayName: "Bäckerei Sonnenschein" };
const NEVER_EXPIRES_MS = 10 * 365 * 24 * 60 * 60 * 1000;

/** A status on the fake instance, with what Mastodon keeps beside the text. */
export type MastodonRecordedPost = RecordedPost & {
  inReplyTo: string | null;
  spoilerText: string;
  idempotencyKey: string | null;
};

const mastodonError = (status: number, error: string) => json(status, { error });

/** What an instance answers when it refuses a status, by the class Postwerk sorts it into (ADR 0093). */
export const MASTODON_REFUSALS: Record<NetworkRefusalReason, FakeAnswer | null> = {
  duplicate: null,
  "too-long": mastodonError(422, "Validation failed: Text character limit of 500 exceeded"),
  "media-invalid": mastodonError(422, "Validation failed: Media attachments are invalid"),
  "usage-limit": mastodonError(429, "Too many requests"),
  "permission-missing": mastodonError(403, "This action is outside the authorized scopes"),
  "account-suspended": mastodonError(403, "Your login is currently disabled"),
  "token-invalid": mastodonError(401, "The access token is invalid"),
  unknown: mastodonError(422, "Validation failed: Status is invalid"),
};

type App = { clientId: string; clientSecret: string; redirectUris: string[]; scopes: string };
type Account = { id: string; username: string; displayName: string };

export async function startMastodonFake({ port = 0, maxCharacters = 500 } = {}) {
  const apps = new Map<string, App>();
  const codes = new Map<string, { account: string; clientId: string; redirectUri: string; challenge: string }>();
  const tokens = createTokenStore({ accessLifetimeMs: NEVER_EXPIRES_MS, rotateRefresh: false });
  const accounts = new Map<string, Account>();
  const media = new Map<string, { account: string; image: RecordedImage }>();
  const posts: MastodonRecordedPost[] = [];
  /** `account:key` → the status answered for it: the same key answers the same status. */
  const idempotent = new Map<string, MastodonRecordedPost>();
  const limits = { maxCharacters };
  const figuresOf = createFigureCounter();
  let counter = 100_000;
  let baseUrl = "";

  const addAccount = (username: string, displayName = username) => {
    const existing = accounts.get(username);
    if (existing) return existing;
    const account = { id: String(++counter), username, displayName };
    accounts.set(username, account);
    return account;
  };
  addAccount(FAKE_MASTODON_ACCOUNT.username, FAKE_MASTODON_ACCOUNT.displayName);

  const statusJson = (post: MastodonRecordedPost) => ({
    id: post.id,
    created_at: post.createdAt.toISOString(),
    in_reply_to_id: post.inReplyTo,
    spoiler_text: post.spoilerText,
    content: `<p>${post.text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\n/g, "<br />")}</p>`,
    url: `${baseUrl}/@${post.account}/${post.id}`,
    uri: `${baseUrl}/users/${post.account}/statuses/${post.id}`,
    media_attachments: post.images.map((image, index) => ({ id: `${post.id}-${index}`, description: image.altText })),
  });

  const routeOf = (method: string, path: string): FakeRoute | null => {
    if (path === "/oauth/authorize") return "authorize";
    if (method === "POST" && path === "/oauth/token") return "token";
    if (method === "POST" && path === "/api/v1/apps") return "register";
    if (method === "GET" && (path === "/api/v1/accounts/verify_credentials" || path === "/api/v2/instance"))
      return "identity";
    if (method === "POST" && path === "/api/v2/media") return "media";
    if (method === "GET" && /^\/api\/v1\/media\/[^/]+$/.test(path)) return "media";
    if (method === "POST" && path === "/api/v1/statuses") return "post";
    if (method === "DELETE" && /^\/api\/v1\/statuses\/[^/]+$/.test(path)) return "delete";
    if (method === "GET" && /^\/api\/v1\/statuses\/[^/]+$/.test(path)) return "metrics";
    if (method === "GET" && /^\/api\/v1\/accounts\/[^/]+\/statuses$/.test(path)) return "timeline";
    if (method === "GET" && (path === "/" || path.startsWith("/@"))) return "page";
    return null;
  };

  // The fake's pages show a content warning above the text, as Mastodon does before it is opened.
  const shown = (list: MastodonRecordedPost[]) =>
    list.map((post) => (post.spoilerText ? { ...post, text: `CW: ${post.spoilerText}\n${post.text}` } : post));

  const handle = (request: FakeRequest, route: FakeRoute): FakeAnswer => {
    const { url } = request;
    if (route === "page") {
      const id = url.pathname.split("/")[2];
      return id
        ? postsPage("Mastodon", shown(posts.filter((post) => post.id === id)), { onePost: true })
        : postsPage("Mastodon", shown(posts));
    }
    if (url.pathname === "/api/v2/instance")
      return json(200, {
        domain: url.host,
        title: "Mastodon (Fake)",
        configuration: {
          statuses: { max_characters: limits.maxCharacters, max_media_attachments: 4, characters_reserved_per_url: 23 },
          media_attachments: { image_size_limit: 16 * 1024 * 1024, description_limit: 1500 },
        },
      });
    if (route === "register") {
      const body = (request.json() ?? Object.fromEntries(request.form())) as Record<string, unknown>;
      const redirectUris = String(body.redirect_uris ?? "")
        .split(/\s+/)
        .filter(Boolean);
      if (!body.client_name || redirectUris.length === 0)
        return mastodonError(422, "Validation failed: Redirect URI can't be blank");
      const app = {
        clientId: newToken("client"),
        clientSecret: newToken("secret"),
        redirectUris,
        scopes: String(body.scopes ?? "read"),
      };
      apps.set(app.clientId, app);
      return json(200, {
        id: String(++counter),
        name: body.client_name,
        client_id: app.clientId,
        client_secret: app.clientSecret,
      });
    }
    if (route === "authorize") {
      const fields = request.method === "POST" ? request.form() : url.searchParams;
      const app = apps.get(fields.get("client_id") ?? "");
      const redirectUri = fields.get("redirect_uri") ?? "";
      if (!app?.redirectUris.includes(redirectUri))
        return json(400, { error: "invalid_client", error_description: "Unknown client or redirect_uri" });
      if (request.method === "GET")
        return authorizePage({
          network: "Mastodon",
          action: "/oauth/authorize",
          fields,
          account: FAKE_MASTODON_ACCOUNT.username,
        });
      const code = newToken("code");
      codes.set(code, {
        account: addAccount(fields.get("account") || FAKE_MASTODON_ACCOUNT.username).username,
        clientId: app.clientId,
        redirectUri,
        challenge: fields.get("code_challenge") ?? "",
      });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", fields.get("state") ?? "");
      return redirect(back.href);
    }
    if (route === "token") {
      const form = request.form();
      const app = apps.get(form.get("client_id") ?? "");
      if (!app || app.clientSecret !== form.get("client_secret"))
        return json(401, { error: "invalid_client", error_description: "Client authentication failed" });
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      const verifierOk = !grant?.challenge || s256(form.get("code_verifier") ?? "") === grant.challenge;
      if (!grant || grant.clientId !== app.clientId || grant.redirectUri !== form.get("redirect_uri") || !verifierOk)
        return json(400, { error: "invalid_grant", error_description: "The provided authorization grant is invalid" });
      const issued = tokens.issue(grant.account, form.get("scope") ?? app.scopes, false);
      return json(200, {
        access_token: issued.accessToken,
        token_type: "Bearer",
        scope: issued.scope,
        created_at: Math.floor(Date.now() / 1000),
      });
    }
    const who = tokens.check(request.bearer);
    if ("error" in who) return mastodonError(401, "The access token is invalid");
    const account = accounts.get(who.account) ?? addAccount(who.account);
    if (url.pathname === "/api/v1/accounts/verify_credentials")
      return json(200, {
        id: account.id,
        username: account.username,
        acct: account.username,
        display_name: account.displayName,
        url: `${baseUrl}/@${account.username}`,
      });
    if (route === "media") return mediaRoute(request, account);
    if (route === "delete") {
      const id = url.pathname.split("/").pop();
      const index = posts.findIndex((post) => post.id === id && post.account === account.username);
      if (index < 0) return mastodonError(404, "Record not found");
      const [removed] = posts.splice(index, 1);
      return json(200, removed ? statusJson(removed) : {});
    }
    if (route === "metrics") {
      // A status with its counts (ADR 0104), growing with each look; a deleted one is 404.
      const post = posts.find((candidate) => candidate.id === url.pathname.split("/").pop());
      if (!post) return mastodonError(404, "Record not found");
      const figures = figuresOf(post.id);
      return json(200, {
        ...statusJson(post),
        favourites_count: figures.likes,
        reblogs_count: figures.reposts,
        replies_count: figures.replies,
      });
    }
    if (route === "timeline") {
      const id = url.pathname.split("/")[4];
      const owner = [...accounts.values()].find((candidate) => candidate.id === id);
      if (!owner) return mastodonError(404, "Record not found");
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 20) || 20, 40);
      return json(
        200,
        posts
          .filter((post) => post.account === owner.username)
          .reverse()
          .slice(0, limit)
          .map(statusJson),
      );
    }
    return createStatus(request, account);
  };

  const mediaRoute = (request: FakeRequest, account: Account): FakeAnswer => {
    if (request.method === "GET") {
      const id = request.url.pathname.split("/").pop() ?? "";
      const stored = media.get(id);
      return stored
        ? json(200, { id, type: "image", url: `${baseUrl}/media/${id}` })
        : mastodonError(404, "Record not found");
    }
    const fields = multipartFields(request);
    const file = fields.get("file");
    if (!file || file.length === 0) return mastodonError(422, "Validation failed: File can't be blank");
    const mimeType = /content-type/i.test(request.body.toString("latin1")) ? detectMime(request.body) : "image/png";
    const id = String(++counter);
    const altText = fields.get("description")?.toString("utf8") ?? "";
    media.set(id, { account: account.username, image: { size: file.length, bytes: file, mimeType, altText } });
    return json(200, { id, type: "image", url: `${baseUrl}/media/${id}`, description: altText || null });
  };

  const createStatus = (request: FakeRequest, account: Account): FakeAnswer => {
    const key = request.headers["idempotency-key"];
    const keyName = typeof key === "string" && key ? `${account.username}:${key}` : null;
    const earlier = keyName ? idempotent.get(keyName) : undefined;
    if (earlier) return json(200, statusJson(earlier));
    const body = (request.json() ?? {}) as {
      status?: string;
      media_ids?: string[];
      in_reply_to_id?: string;
      spoiler_text?: string;
    };
    const text = body.status ?? "";
    const mediaIds = body.media_ids ?? [];
    if (!text.trim() && mediaIds.length === 0) return mastodonError(422, "Validation failed: Text can't be blank");
    if (postLength("mastodon", text) > limits.maxCharacters)
      return mastodonError(422, `Validation failed: Text character limit of ${limits.maxCharacters} exceeded`);
    if (body.in_reply_to_id && !posts.some((post) => post.id === body.in_reply_to_id))
      return mastodonError(404, "Record not found");
    const images: RecordedImage[] = [];
    for (const id of mediaIds) {
      const stored = media.get(id);
      if (!stored || stored.account !== account.username)
        return mastodonError(422, "Validation failed: Media attachments are invalid");
      images.push(stored.image);
    }
    const post: MastodonRecordedPost = {
      id: String(++counter),
      account: account.username,
      text,
      images,
      createdAt: new Date(),
      inReplyTo: body.in_reply_to_id ?? null,
      spoilerText: body.spoiler_text ?? "",
      idempotencyKey: keyName ? String(key) : null,
    };
    posts.push(post);
    if (keyName) idempotent.set(keyName, post);
    return json(200, statusJson(post));
  };

  const server = await startFakeServer(port, {
    routeOf,
    handle,
    rateLimitHeaders: (resetAt) => ({
      "x-ratelimit-limit": "300",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": resetAt.toISOString(),
    }),
    errorBody: (_status, message) => ({ error: message }),
    refusal: (reason) => MASTODON_REFUSALS[reason],
  });
  baseUrl = server.url;

  return {
    ...server,
    posts,
    apps,
    addAccount,
    /** The instance's `max_characters` from now on (GET /api/v2/instance and the status check). */
    setMaxCharacters(max: number) {
      limits.maxCharacters = max;
    },
    /** Every token of the account stops working (its owner removed Postwerk's access). */
    revoke(username: string) {
      tokens.revoke(username);
    },
    /** What the Mastodon adapter needs to reach this fake on 127.0.0.1 (ADR 0095). */
    settings: { allowedInstance: server.url },
    env: { MASTODON_ALLOWED_INSTANCE: server.url },
  };
}

/** The image's type from its first bytes (PNG, JPEG, WebP); the fake keeps it for assertions. */
function detectMime(body: Buffer): string {
  if (body.includes(Buffer.from("image/jpeg"))) return "image/jpeg";
  if (body.includes(Buffer.from("image/webp"))) return "image/webp";
  return "image/png";
}

await runOnItsOwn(
  import.meta.url,
  "Mastodon",
  () => startMastodonFake({ port: Number(process.env.MASTODON_FAKE_PORT ?? 3190) }),
  "Beim Verbinden als Instanz die URL oben eingeben; Konto: erika.",
);
