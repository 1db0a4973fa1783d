import { createHash } from "node:crypto";
import { isValidTid } from "@atproto/syntax";
import type { NetworkRefusalReason } from "#shared/publishing-failures.ts";
import {
  createFigureCounter,
  exhaustedRateLimitHeaders,
  type FakeAnswer,
  type FakeRequest,
  type FakeRoute,
  json,
  postsPage,
  type RecordedImage,
  type RecordedPost,
  runOnItsOwn,
  startFakeServer,
} from "./social-fake.ts";

// A fake of a Bluesky PDS (ADR 0060) at the XRPC boundary: createSession with an app password,
// refreshSession (rotating), getSession, getProfile, resolveHandle (for mentions), uploadBlob,
// createRecord, getRecord and deleteRecord of app.bsky.feed.post. It checks what Bluesky checks: at
// most 300 graphemes, facets whose byte offsets cut exactly the mention or link out of the UTF-8
// text, a reply's root and parent as strong refs (URI and the CID the post was created with, ADR
// 0088), which it records with the post and its images' alt texts, and a record key the client
// chose: a TID, taken at most once, a second create under it refused with 500 as a PDS's repository
// refuses it ("There is already a value at key", ADR 0119).
// Point Postwerk at it with BLUESKY_SERVICE. Run alone:
// `node --import tsx tests/mocks/bluesky-server.ts` (port 3195 or BLUESKY_FAKE_PORT); it has an
// account erika.bsky.social with the app password abcd-efgh-ijkl-mnop.

const ACCESS_LIFETIME_MS = 2 * 60 * 60 * 1000;
const REFRESH_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
const graphemes = new Intl.Segmenter("de", { granularity: "grapheme" });
export const FAKE_BLUESKY_ACCOUNT = { handle: "erika.bsky.social", appPassword: "abcd-efgh-ijkl-mnop" };
/** A handle as long as Bluesky allows a segment: the calendar's cards must cut it, not overflow (ADR 0089). */
export const FAKE_BLUESKY_LONG_ACCOUNT = {
  handle: "zimtschnecken-und-kardamom-baeckerei-sonnenschein-marktplatz.bsky.social",
  appPassword: "qrst-uvwx-yzab-cdef",
  displayName: "Bäckerei Sonnenschein",
};

const xrpcError = (status: number, error: string, message: string) => json(status, { error, message });

/**
 * What a PDS answers when it refuses a post, by the class Postwerk sorts it into (ADR 0093). It takes
 * the same text twice and an app password may always post: no duplicate, no missing permission.
 */
export const BLUESKY_REFUSALS: Record<NetworkRefusalReason, FakeAnswer | null> = {
  duplicate: null,
  "too-long": xrpcError(
    400,
    "InvalidRequest",
    "Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes",
  ),
  "media-invalid": xrpcError(
    400,
    "BlobTooLarge",
    "This file is too large. It is 1.21MB but the maximum size is 976.56KB.",
  ),
  "usage-limit": xrpcError(429, "RateLimitExceeded", "Rate Limit Exceeded"),
  "permission-missing": null,
  "account-suspended": xrpcError(400, "AccountTakedown", "Account has been taken down"),
  "token-invalid": xrpcError(400, "ExpiredToken", "Token has expired"),
  unknown: xrpcError(400, "InvalidRequest", "Input/record is invalid"),
};

type Facet = {
  index: { byteStart: number; byteEnd: number };
  features: { $type: string; did?: string; uri?: string; tag?: string }[];
};
type StrongRef = { uri: string; cid: string };
export type BlueskyPost = RecordedPost & {
  uri: string;
  cid: string;
  facets: Facet[];
  langs: string[];
  /** A thread's reply: the thread's first post and the post it answers (ADR 0088). */
  reply: { root: StrongRef; parent: StrongRef } | null;
  /** The record as the client sent it, as getRecord returns it. */
  record: unknown;
};

/** Whether a record key is a TID, the check a PDS makes on a chosen key; for the tests that read keys. */
export { isValidTid };

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out;
}
/** A real CIDv1 (raw codec, sha-256), so the client's lexicon checks accept it. */
const cidOf = (bytes: Buffer) =>
  `b${base32(Buffer.concat([Buffer.from([0x01, 0x55, 0x12, 0x20]), createHash("sha256").update(bytes).digest()]))}`;
const didOf = (handle: string) => `did:plc:${base32(createHash("sha256").update(handle).digest()).slice(0, 24)}`;
const jwt = (payload: Record<string, unknown>) =>
  [
    Buffer.from(JSON.stringify({ typ: "at+jwt", alg: "HS256" })).toString("base64url"),
    Buffer.from(JSON.stringify(payload)).toString("base64url"),
    createHash("sha256").update(JSON.stringify(payload)).digest("base64url"),
  ].join(".");

export type BlueskyFake = Awaited<ReturnType<typeof startBlueskyFake>>;

export async function startBlueskyFake({ port = 0 }: { port?: number } = {}) {
  const accounts = new Map<string, { did: string; handle: string; appPassword: string; displayName: string }>();
  const access = new Map<string, { did: string; expiresAt: number }>();
  const refresh = new Map<string, string>();
  const blobs = new Map<string, { bytes: Buffer; mimeType: string; did: string }>();
  const posts: BlueskyPost[] = [];
  let counter = 0;

  const addAccount = ({
    handle,
    appPassword,
    displayName,
  }: {
    handle: string;
    appPassword: string;
    displayName?: string;
  }) => {
    const did = didOf(handle);
    accounts.set(did, { did, handle, appPassword, displayName: displayName ?? `Fake ${handle}` });
    return did;
  };
  addAccount(FAKE_BLUESKY_ACCOUNT);
  addAccount(FAKE_BLUESKY_LONG_ACCOUNT);
  const byHandle = (handle: string) => [...accounts.values()].find((account) => account.handle === handle);
  const error = (status: number, name: string, message: string) => json(status, { error: name, message });

  const session = (did: string) => {
    const account = accounts.get(did);
    if (!account) throw new Error("unbekanntes Konto");
    const now = Date.now();
    const jti = `${now}-${++counter}`;
    const accessJwt = jwt({
      scope: "com.atproto.appPass",
      sub: did,
      iat: now / 1000,
      exp: Math.floor((now + ACCESS_LIFETIME_MS) / 1000),
      jti,
    });
    const refreshJwt = jwt({
      scope: "com.atproto.refresh",
      sub: did,
      exp: Math.floor((now + REFRESH_LIFETIME_MS) / 1000),
      jti,
    });
    access.set(accessJwt, { did, expiresAt: now + ACCESS_LIFETIME_MS });
    refresh.set(refreshJwt, did);
    return json(200, { accessJwt, refreshJwt, handle: account.handle, did, active: true });
  };

  const routeOf = (method: string, path: string): FakeRoute | null => {
    const nsid = path.replace(/^\/xrpc\//, "");
    if (
      method === "POST" &&
      (nsid === "com.atproto.server.createSession" || nsid === "com.atproto.server.refreshSession")
    )
      return "token";
    if (method === "GET" && (nsid === "com.atproto.server.getSession" || nsid === "app.bsky.actor.getProfile"))
      return "identity";
    if (method === "GET" && nsid === "com.atproto.identity.resolveHandle") return "resolve";
    if (method === "POST" && nsid === "com.atproto.repo.uploadBlob") return "media";
    if (method === "POST" && nsid === "com.atproto.repo.createRecord") return "post";
    if (method === "POST" && nsid === "com.atproto.repo.deleteRecord") return "delete";
    if (method === "GET" && nsid === "com.atproto.repo.getRecord") return "timeline";
    if (method === "GET" && nsid === "app.bsky.feed.getPosts") return "metrics";
    if (method === "GET" && path === "/") return "page";
    return null;
  };

  const handle = (request: FakeRequest, route: FakeRoute) => {
    if (route === "page") return postsPage("Bluesky", posts);
    const nsid = request.url.pathname.replace(/^\/xrpc\//, "");
    if (nsid === "com.atproto.server.createSession") {
      const body = request.json() as { identifier?: string; password?: string } | null;
      const account = byHandle(body?.identifier ?? "") ?? accounts.get(body?.identifier ?? "");
      if (!account || account.appPassword !== body?.password)
        return error(401, "AuthenticationRequired", "Invalid identifier or password");
      return session(account.did);
    }
    if (nsid === "com.atproto.server.refreshSession") {
      const did = refresh.get(request.bearer ?? "");
      if (!did) return error(400, "ExpiredToken", "Token has been revoked");
      refresh.delete(request.bearer ?? "");
      return session(did);
    }
    if (route === "resolve") {
      const account = byHandle(request.url.searchParams.get("handle") ?? "");
      return account ? json(200, { did: account.did }) : error(400, "InvalidRequest", "Unable to resolve handle");
    }
    // The public AppView answers getPosts to anyone (ADR 0117); the same fake stands in for it.
    if (route === "metrics" && !request.bearer) return getPosts(request);
    const grant = access.get(request.bearer ?? "");
    if (!grant) return error(401, "AuthenticationRequired", "Invalid token");
    if (grant.expiresAt <= Date.now()) return error(400, "ExpiredToken", "Token has expired");
    const account = accounts.get(grant.did);
    if (!account) return error(401, "AuthenticationRequired", "Account has been deleted");
    if (nsid === "com.atproto.server.getSession")
      return json(200, { did: account.did, handle: account.handle, active: true });
    if (nsid === "app.bsky.actor.getProfile")
      return json(200, { did: account.did, handle: account.handle, displayName: account.displayName });
    if (route === "timeline") return getRecord(request, account.did);
    if (route === "metrics") return getPosts(request);
    if (route === "media") {
      const cid = cidOf(request.body);
      const mimeType = String(request.headers["content-type"] ?? "");
      blobs.set(cid, { bytes: request.body, mimeType, did: account.did });
      return json(200, { blob: { $type: "blob", ref: { $link: cid }, mimeType, size: request.body.length } });
    }
    const body = request.json() as { repo?: string; collection?: string; rkey?: string; record?: PostRecord } | null;
    if (body?.repo !== account.did) return error(400, "InvalidRequest", "repo must be the session's DID");
    if (body.collection !== "app.bsky.feed.post") return error(400, "InvalidRequest", "unsupported collection");
    if (route === "delete") {
      const index = posts.findIndex((post) => post.uri === `at://${account.did}/app.bsky.feed.post/${body.rkey}`);
      if (index >= 0) posts.splice(index, 1);
      return json(200, {});
    }
    return createPost(account, body.record, body.rkey);
  };

  type PostRecord = {
    text?: string;
    facets?: Facet[];
    langs?: string[];
    createdAt?: string;
    embed?: { $type?: string; images?: { image?: { ref?: { $link?: string } }; alt?: string }[] };
    reply?: { root?: Partial<StrongRef>; parent?: Partial<StrongRef> };
  };

  /**
   * The AppView's getPosts as the PDS proxies it: up to 25 URIs, a deleted post left out, the
   * counts growing with each look (fakeFigures; Bluesky has no views or bookmarks).
   */
  const figuresOf = createFigureCounter();
  const getPosts = (request: FakeRequest) => {
    const uris = request.url.searchParams.getAll("uris");
    if (uris.length === 0 || uris.length > 25)
      return error(400, "InvalidRequest", "uris must not have more than 25 elements");
    const found = uris.flatMap((uri) => {
      const post = posts.find((candidate) => candidate.uri === uri);
      if (!post) return [];
      const figures = figuresOf(uri);
      return [
        {
          uri: post.uri,
          cid: post.cid,
          author: { did: post.uri.split("/")[2], handle: post.account },
          record: post.record ?? {
            $type: "app.bsky.feed.post",
            text: post.text,
            createdAt: post.createdAt.toISOString(),
          },
          likeCount: figures.likes,
          repostCount: figures.reposts,
          replyCount: figures.replies,
          quoteCount: figures.quotes,
          indexedAt: post.createdAt.toISOString(),
        },
      ];
    });
    return json(200, { posts: found });
  };

  /** A strong ref must name a post that exists, with the CID it was created with. */
  const knownRef = (ref: Partial<StrongRef> | undefined): StrongRef | null => {
    const post = posts.find((candidate) => candidate.uri === ref?.uri);
    return post && ref?.cid === post.cid ? { uri: post.uri, cid: post.cid } : null;
  };

  /** One of the account's own posts by its record key, as the PDS reads it from the repository. */
  const getRecord = (request: FakeRequest, did: string) => {
    const params = request.url.searchParams;
    if (params.get("repo") !== did || params.get("collection") !== "app.bsky.feed.post")
      return error(400, "InvalidRequest", "Only the session's own posts in this fake");
    const uri = `at://${did}/app.bsky.feed.post/${params.get("rkey") ?? ""}`;
    const post = posts.find((candidate) => candidate.uri === uri);
    if (!post) return error(400, "RecordNotFound", `Could not locate record: ${uri}`);
    return json(200, { uri: post.uri, cid: post.cid, value: post.record });
  };
  const createPost = (account: { did: string; handle: string }, record: PostRecord | undefined, chosenKey?: string) => {
    if (chosenKey !== undefined && !isValidTid(chosenKey))
      return error(400, "InvalidRequest", `Invalid record key for app.bsky.feed.post: ${chosenKey}`);
    const key = chosenKey ?? `3l${(++counter).toString(36).padStart(11, "a")}`;
    if (posts.some((post) => post.uri === `at://${account.did}/app.bsky.feed.post/${key}`))
      return error(500, "InternalServerError", `There is already a value at key: app.bsky.feed.post/${key}`);
    const text = record?.text ?? "";
    if ([...graphemes.segment(text)].length > 300)
      return error(
        400,
        "InvalidRequest",
        "Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes",
      );
    const bytes = Buffer.from(text, "utf8");
    for (const facet of record?.facets ?? []) {
      const cut = bytes.subarray(facet.index.byteStart, facet.index.byteEnd).toString("utf8");
      for (const feature of facet.features) {
        const fits =
          feature.$type === "app.bsky.richtext.facet#mention"
            ? feature.did &&
              [...accounts.values()].some(
                (candidate) => candidate.did === feature.did && cut === `@${candidate.handle}`,
              )
            : feature.$type === "app.bsky.richtext.facet#link"
              ? feature.uri === cut || feature.uri === `https://${cut}`
              : feature.$type === "app.bsky.richtext.facet#tag" && cut === `#${feature.tag}`;
        if (!fits)
          return error(400, "InvalidRequest", `Invalid facet at bytes ${facet.index.byteStart}-${facet.index.byteEnd}`);
      }
    }
    let reply: BlueskyPost["reply"] = null;
    if (record?.reply) {
      const root = knownRef(record.reply.root);
      const parent = knownRef(record.reply.parent);
      if (!root || !parent) return error(400, "InvalidRequest", "Invalid app.bsky.feed.post record: reply refs");
      reply = { root, parent };
    }
    const images: RecordedImage[] = [];
    for (const image of record?.embed?.images ?? []) {
      const blob = blobs.get(image.image?.ref?.$link ?? "");
      if (!blob || blob.did !== account.did) return error(400, "InvalidRequest", "Could not find blob");
      images.push({ size: blob.bytes.length, bytes: blob.bytes, mimeType: blob.mimeType, altText: image.alt ?? "" });
    }
    const uri = `at://${account.did}/app.bsky.feed.post/${key}`;
    // The record's own bytes and its place: two posts with the same text still differ.
    const cid = cidOf(Buffer.from(JSON.stringify({ uri, record })));
    posts.push({
      id: key,
      uri,
      cid,
      account: account.handle,
      text,
      images,
      facets: record?.facets ?? [],
      langs: record?.langs ?? [],
      reply,
      record,
      createdAt: new Date(),
    });
    return json(200, { uri, cid, validationStatus: "valid" });
  };

  const server = await startFakeServer(port, {
    routeOf,
    handle,
    rateLimitHeaders: (resetAt) => ({
      ...exhaustedRateLimitHeaders("ratelimit-", 5000, resetAt),
      "ratelimit-policy": "5000;w=3600",
    }),
    errorBody: (status, message) => ({ error: status === 429 ? "RateLimitExceeded" : "InternalServerError", message }),
    refusal: (reason) => BLUESKY_REFUSALS[reason],
  });

  return {
    ...server,
    posts,
    /** Another account (also resolvable as a mention); returns its DID. */
    addAccount,
    /** Every session of the account ends (the user deleted the app password). */
    revoke(handle: string) {
      const did = byHandle(handle)?.did;
      for (const [token, grant] of access) if (grant.did === did) access.delete(token);
      for (const [token, owner] of refresh) if (owner === did) refresh.delete(token);
    },
    /** What the Bluesky adapter is built with to talk to this fake. */
    settings: { service: server.url, appView: server.url },
    env: { BLUESKY_SERVICE: server.url, BLUESKY_APPVIEW: server.url },
  };
}

await runOnItsOwn(
  import.meta.url,
  "Bluesky",
  () => startBlueskyFake({ port: Number(process.env.BLUESKY_FAKE_PORT ?? 3195) }),
  `Konto: ${FAKE_BLUESKY_ACCOUNT.handle}, App-Passwort: ${FAKE_BLUESKY_ACCOUNT.appPassword}`,
);
