import { randomInt } from "node:crypto";
import type { Agent, RichText } from "@atproto/api";
import type { SocialNetworkSettings } from "#server/env.ts";
import { failureFromStatus, failureFromTransport, safeDetail } from "#server/integrations/social/network-failures.ts";
import {
  type MetricsAnswer,
  NetworkError,
  type NetworkIdentity,
  type PostRef,
  type PublishedPost,
  type PublishInput,
  type SocialNetwork,
  type TokenSet,
} from "#server/integrations/social/social-network.ts";
import { blueskyFailureReason } from "./bluesky-failures.ts";

// Bluesky (ADR 0060) through @atproto/api: a handle and an app password open a session
// (createSession), whose refresh token rotates on every refreshSession. The agent gets our own
// fetch handler instead of the library's session manager, which would refresh an expired token
// by itself and lose the rotated pair the caller has to store. Links and mentions become facets
// with UTF-8 byte offsets (RichText.detectFacets); images go up with uploadBlob. A thread's post
// is a reply citing the thread's root and its parent by URI and CID (ADR 0088). Every post is created
// under a record key of our own, stored before the first call (ADR 0119): a PDS keeps one record per
// key, so a post can exist only once however often it is sent, and a post in doubt is read by its key.

const POST_COLLECTION = "app.bsky.feed.post";
const MENTION = "app.bsky.richtext.facet#mention";
/** Where a post and a profile are seen; the same for every PDS. */
const WEB_BASE = "https://bsky.app";
/** A PDS allows 5,000 write points an hour; a post costs 3. */
const LIMITS = { postsPerWindow: 1_666, windowMs: 60 * 60 * 1000 };
/** app.bsky.feed.getPosts takes at most 25 URIs per call. */
const METRICS_BATCH = 25;
// What a PDS answers for an access or refresh token it no longer takes.
const TOKEN_REFUSED = new Set(["ExpiredToken", "InvalidToken", "AuthenticationRequired"]);

// Loaded on first use, not at start (ADR 0029): its lexicons alone are tens of megabytes.
type Sdk = typeof import("@atproto/api");
let sdk: Promise<Sdk> | undefined;
const loadSdk = () => {
  sdk ??= import("@atproto/api");
  return sdk;
};

/**
 * A record key as the PDS makes its own (a TID: microseconds since 1970 and a clock id), with the
 * sub-millisecond digits and the clock id drawn at random: two servers naming posts of one account
 * in the same millisecond collide once in about a million (ADR 0119).
 */
export async function newRecordKey(now = Date.now()): Promise<string> {
  const { TID } = await import("@atproto/common-web");
  const micros = now * 1000 + randomInt(1000);
  return TID.fromTime(micros, randomInt(1024)).toString();
}

type BlueskySettings = SocialNetworkSettings["bluesky"] & { timeoutMs: number };

export function createBlueskyNetwork({ service, appView, timeoutMs }: BlueskySettings): SocialNetwork {
  /** An agent on `host` (the PDS unless said) whose every call carries `bearer` (unless the call sets its own) and the deadline. */
  const agentFor = async (bearer: string | null, did?: string, host = service) =>
    new (await loadSdk()).Agent({
      did,
      fetchHandler: (url, init) => {
        const request = new Request(new URL(url, host), init);
        if (bearer && !request.headers.has("authorization")) request.headers.set("authorization", `Bearer ${bearer}`);
        return fetch(request, { signal: AbortSignal.timeout(timeoutMs) });
      },
    });

  const sessionTokens = (session: { accessJwt: string; refreshJwt: string }): TokenSet => ({
    accessToken: session.accessJwt,
    refreshToken: session.refreshJwt,
    accessTokenExpiresAt: jwtExpiry(session.accessJwt),
    // Each refresh starts a new refresh token: the connection lives as long as it is used.
    connectionExpiresAt: null,
    scope: null,
  });

  /**
   * getPosts (ADR 0104): up to 25 at:// URIs, through the account's PDS or from the public AppView
   * (ADR 0117). A deleted post is simply left out of the answer, and every URI we ask for is one
   * of our users' own posts, so one missing means it is gone.
   */
  const readFigures = async (agent: Agent, externalIds: string[], hide: string[]): Promise<MetricsAnswer> => {
    const { data } = await call({ hide }, () => agent.app.bsky.feed.getPosts({ uris: externalIds }));
    const figures: MetricsAnswer = new Map(externalIds.map((uri) => [uri, "deleted" as const]));
    for (const post of data.posts)
      figures.set(post.uri, {
        likes: post.likeCount ?? 0,
        reposts: post.repostCount ?? 0,
        replies: post.replyCount ?? 0,
        quotes: post.quoteCount ?? 0,
        bookmarks: null,
        views: null,
      });
    return figures;
  };

  return {
    id: "bluesky",
    configured: true,
    limits: LIMITS,
    connect: {
      kind: "app-password",
      async signIn({ identifier, appPassword }) {
        try {
          const agent = await agentFor(null);
          const { data } = await call({ hide: [appPassword] }, () =>
            agent.com.atproto.server.createSession({ identifier, password: appPassword }),
          );
          return sessionTokens(data);
        } catch (error) {
          // A wrong handle or app password: the user types it again, there is no account yet.
          if (error instanceof NetworkError && error.kind === "revoked")
            throw new NetworkError("bluesky", "rejected", { detail: error.detail, cause: error });
          throw error;
        }
      },
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw new NetworkError("bluesky", "revoked", { detail: "kein Refresh-Token" });
      const refreshToken = tokens.refreshToken;
      const agent = await agentFor(refreshToken);
      const { data } = await call({ hide: [refreshToken, tokens.accessToken] }, () =>
        agent.com.atproto.server.refreshSession(),
      );
      return sessionTokens(data);
    },
    async identity(tokens) {
      const agent = await agentFor(tokens.accessToken);
      const { data: session } = await call({ hide: [tokens.accessToken] }, () => agent.com.atproto.server.getSession());
      const { data: profile } = await call({ hide: [tokens.accessToken] }, () =>
        agent.app.bsky.actor.getProfile({ actor: session.did }),
      );
      return {
        externalId: session.did,
        handle: session.handle,
        displayName: profile.displayName || session.handle,
        profileUrl: `${WEB_BASE}/profile/${session.handle}`,
      };
    },
    async publish(tokens, identity, input) {
      const agent = await agentFor(tokens.accessToken, identity.externalId);
      const hide = [tokens.accessToken, input.text];
      const { RichText } = await loadSdk();
      const richText = new RichText({ text: input.text });
      await richText.detectFacets(agent);
      const embed = await uploadImages(agent, input, hide);
      try {
        const { data } = await call({ hide, createsPost: true }, () =>
          agent.com.atproto.repo.createRecord({
            repo: identity.externalId,
            collection: POST_COLLECTION,
            rkey: input.postKey,
            record: {
              $type: POST_COLLECTION,
              text: richText.text,
              facets: resolvedFacets(richText),
              langs: ["de"],
              createdAt: new Date().toISOString(),
              ...(input.replyTo
                ? { reply: { root: strongRef(input.replyTo.root), parent: strongRef(input.replyTo.parent) } }
                : {}),
              ...(embed ? { embed } : {}),
            },
          }),
        );
        return { status: "published", post: publishedPost(identity, data) };
      } catch (error) {
        // A PDS answers a create under a taken key with 500 ("There is already a value at key"): an
        // earlier try of this post arrived. Its record is the post; nothing else to send.
        const answered = error instanceof NetworkError && (error.kind === "unavailable" || error.kind === "rejected");
        if (!input.postKey || !answered) throw error;
        const earlier = await recordUnder(agent, identity, input.postKey, hide).catch(() => null);
        if (!earlier) throw error;
        return { status: "published", post: ownRecord(identity, earlier, richText.text) };
      }
    },
    newPostKey: () => newRecordKey(),
    async findPost(tokens, identity, lookup) {
      // A post sent before it had a key of its own cannot be told apart from the account's other
      // posts: it stays in doubt for its owner to check.
      if (!lookup.postKey)
        throw new NetworkError("bluesky", "outcome-unknown", { detail: "ohne Schlüssel nicht nachsehbar" });
      const agent = await agentFor(tokens.accessToken, identity.externalId);
      const hide = [tokens.accessToken, lookup.text];
      const record = await recordUnder(agent, identity, lookup.postKey, hide);
      return record ? ownRecord(identity, record, lookup.text) : null;
    },
    metricsBatchSize: METRICS_BATCH,
    async fetchMetrics(tokens, identity, externalIds) {
      return readFigures(await agentFor(tokens.accessToken, identity.externalId), externalIds, [tokens.accessToken]);
    },
    async fetchPublicMetrics(externalIds) {
      return readFigures(await agentFor(null, undefined, appView), externalIds, []);
    },
    async deletePost(tokens, identity, externalId) {
      const agent = await agentFor(tokens.accessToken, identity.externalId);
      await call({ hide: [tokens.accessToken] }, () =>
        agent.com.atproto.repo.deleteRecord({
          repo: identity.externalId,
          collection: POST_COLLECTION,
          rkey: externalId.split("/").pop() ?? "",
        }),
      );
    },
  };
}

async function uploadImages(agent: Agent, input: PublishInput, hide: string[]) {
  if (input.images.length === 0) return null;
  const images = [];
  for (const image of input.images) {
    const { data } = await call({ hide }, () =>
      agent.com.atproto.repo.uploadBlob(new Uint8Array(image.bytes), { encoding: image.mimeType }),
    );
    // Bluesky shows `alt` to screen readers and under "ALT" (ADR 0088); an empty one is allowed.
    images.push({ image: data.blob, alt: image.altText || input.imageAlt?.trim() || "" });
  }
  return { $type: "app.bsky.embed.images", images };
}

type PostRecord = { uri: string; cid?: string; value: unknown };

/** The account's post under `rkey`, or null where the PDS has none (RecordNotFound). */
async function recordUnder(agent: Agent, identity: NetworkIdentity, rkey: string, hide: string[]) {
  return call({ hide }, async (): Promise<PostRecord | null> => {
    try {
      const { data } = await agent.com.atproto.repo.getRecord({
        repo: identity.externalId,
        collection: POST_COLLECTION,
        rkey,
      });
      return data;
    } catch (error) {
      if ((error as { error?: unknown }).error === "RecordNotFound") return null;
      throw error;
    }
  });
}

/**
 * The record under a post's own key as the post sent, checked to carry its text: a different text
 * means the key was taken by another post (ADR 0119), which must not be reported as this one.
 */
function ownRecord(identity: NetworkIdentity, record: PostRecord, text: string): PublishedPost {
  if ((record.value as { text?: unknown } | null)?.text !== text || !record.cid)
    throw new NetworkError("bluesky", "rejected", {
      detail: "Unter dem Schlüssel dieses Beitrags steht auf Bluesky schon ein anderer Beitrag.",
    });
  return publishedPost(identity, { uri: record.uri, cid: record.cid });
}

/** A reply's citation of a post: Bluesky wants the record's CID with its URI. */
function strongRef(post: PostRef) {
  // Every Bluesky post we sent or found carries its CID (ADR 0088); without it a reply cannot be made.
  if (!post.cid) throw new NetworkError("bluesky", "rejected", { detail: "Antwort ohne CID des Beitrags" });
  return { uri: post.externalId, cid: post.cid };
}

function publishedPost(identity: NetworkIdentity, record: { uri: string; cid: string }): PublishedPost {
  const rkey = record.uri.split("/").pop() ?? "";
  return {
    externalId: record.uri,
    url: `${WEB_BASE}/profile/${identity.handle}/post/${rkey}`,
    cid: record.cid,
  };
}

/**
 * detectFacets leaves a mention of a handle it could not resolve with an empty DID, which the
 * PDS refuses; such a mention stays plain text.
 */
function resolvedFacets(richText: RichText) {
  const facets = (richText.facets ?? [])
    .map((facet) => ({
      ...facet,
      features: facet.features.filter(
        (feature) => feature.$type !== MENTION || ("did" in feature && feature.did !== ""),
      ),
    }))
    .filter((facet) => facet.features.length > 0);
  return facets.length > 0 ? facets : undefined;
}

/** When a session JWT ends (its `exp`), or null if it cannot be read. */
function jwtExpiry(token: string): Date | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      exp?: unknown;
    };
    return typeof payload.exp === "number" ? new Date(payload.exp * 1000) : null;
  } catch {
    return null;
  }
}

/** One XRPC call, its failures mapped (ADR 0060). */
async function call<T>(
  { hide, createsPost = false }: { hide: string[]; createsPost?: boolean },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const { XRPCError } = await loadSdk();
    if (!(error instanceof XRPCError)) throw error;
    // Below 100: no HTTP answer (the request failed) or one the client could not read.
    if (error.status < 100) throw failureFromTransport("bluesky", error.cause ?? error, { createsPost });
    const detail = safeDetail(error.message || error.error, hide);
    if (error.status === 400 && TOKEN_REFUSED.has(error.error))
      throw new NetworkError("bluesky", "revoked", { detail, cause: error });
    const headers = { get: (name: string) => error.headers?.[name] ?? null };
    const reason = blueskyFailureReason(error.status, error.error, error.message);
    throw failureFromStatus("bluesky", { status: error.status, headers, detail, reason });
  }
}
