import { callNetwork, type NetworkCall, readJson } from "#server/integrations/social/network-failures.ts";
import { authorizationUrl, requestTokens } from "#server/integrations/social/oauth-tokens.ts";
import {
  metricsOneByOne,
  NetworkError,
  type NetworkIdentity,
  nullIfGone,
  type PostLookup,
  type PublishedPost,
  type PublishInput,
  type SocialNetwork,
  type TokenSet,
} from "#server/integrations/social/social-network.ts";
import type { AccountLimits } from "#shared/networks.ts";
import { mastodonErrorOf, mastodonFailureReason } from "./mastodon-failures.ts";
import { type InstanceGuard, parseInstance, vetInstanceHost } from "./mastodon-instance.ts";

// Mastodon (ADR 0095) over its REST API with fetch: any instance the user names, checked to be a
// public server; the app registered there on first use (the caller caches it per instance); OAuth
// with PKCE (instances before 4.3 ignore it); tokens that do not expire and have no refresh.
// Each status is sent with an Idempotency-Key that stays the same for every try of one stored
// attempt: an answer lost on the way is asked for again with the same key, and Mastodon answers
// with the status it made the first time instead of a second one.

/** Read the account, write statuses and media: nothing more (granular scopes, Mastodon ≥ 2.4). */
const SCOPES = ["read:accounts", "read:statuses", "write:statuses", "write:media"];
const CLIENT_NAME = "Postwerk";
/** A fallback where an instance does not say (Mastodon's own default). */
export const DEFAULT_MAX_CHARACTERS = 500;
/** Mastodon's own default image description limit, where the instance did not say. */
const DEFAULT_DESCRIPTION_LIMIT = 1500;
/** Mastodon's default of 300 requests per 5 minutes, and 300 statuses per 3 hours per account. */
const LIMITS = { postsPerWindow: 300, windowMs: 3 * 60 * 60 * 1000 };
/**
 * Mastodon keeps an Idempotency-Key for an hour; the same key is sent again only well inside it.
 * Within one attempt, tries after a lost answer: the first and at most two more.
 */
export const IDEMPOTENCY_WINDOW_MS = 50 * 60 * 1000;
const SAME_KEY_TRIES = 3;
/** How long a new image may be processed (202) before the status cites it. */
const MEDIA_POLLS = 10;
const MEDIA_POLL_MS = 500;

export type MastodonSettings = InstanceGuard & { timeoutMs: number; now?: () => number };

type Status = { id: string; url?: string | null; uri?: string; content?: string; in_reply_to_id?: string | null };

export function createMastodonNetwork(settings: MastodonSettings): SocialNetwork {
  const { timeoutMs } = settings;
  const now = settings.now ?? Date.now;

  /** One API call to the account's instance, its host checked first, failures mapped (ADR 0060). */
  async function api(
    instance: string,
    path: string,
    init: RequestInit,
    options: { hide: string[]; createsPost?: boolean } = { hide: [] },
  ): Promise<unknown> {
    const origin = new URL(instance);
    await vetForCall(origin);
    const call: NetworkCall = {
      network: "mastodon",
      timeoutMs,
      createsPost: options.createsPost ?? false,
      hide: options.hide,
      detailOf: mastodonErrorOf,
      reasonOf: mastodonFailureReason,
    };
    const response = await callNetwork(call, new URL(path, origin), init);
    return readJson(call, response);
  }

  /** A host that resolves nowhere now is down for the moment, not refused: the queue tries again. */
  async function vetForCall(origin: URL) {
    try {
      await vetInstanceHost(origin, settings);
    } catch (error) {
      if (error instanceof NetworkError && error.detail?.includes("nicht gefunden"))
        throw new NetworkError("mastodon", "unavailable", { detail: error.detail });
      throw error;
    }
  }

  const instanceOf = (tokens: TokenSet) => {
    if (!tokens.instance) throw new NetworkError("mastodon", "revoked", { detail: "Instanz unbekannt" });
    return tokens.instance;
  };
  const bearer = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" });

  async function uploadImages(
    tokens: TokenSet,
    identity: NetworkIdentity,
    input: PublishInput,
    hide: string[],
  ): Promise<string[]> {
    const ids: string[] = [];
    const descriptionMax = identity.limits?.maxDescription ?? DEFAULT_DESCRIPTION_LIMIT;
    for (const image of input.images) {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(image.bytes)], { type: image.mimeType }), "bild");
      const description = [...(image.altText || input.imageAlt?.trim() || "")].slice(0, descriptionMax).join("");
      if (description) form.set("description", description);
      let media = (await api(
        instanceOf(tokens),
        "/api/v2/media",
        { method: "POST", headers: bearer(tokens), body: form },
        {
          hide,
        },
      )) as { id: string; url?: string | null };
      // 202: still being processed; a status may cite it only once it has a URL.
      for (let poll = 0; !media.url && poll < MEDIA_POLLS; poll++) {
        await new Promise((resolve) => setTimeout(resolve, MEDIA_POLL_MS));
        media = (await api(
          instanceOf(tokens),
          `/api/v1/media/${encodeURIComponent(media.id)}`,
          {
            headers: bearer(tokens),
          },
          { hide },
        )) as { id: string; url?: string | null };
      }
      ids.push(media.id);
    }
    return ids;
  }

  /**
   * POST /api/v1/statuses with the attempt's key. A lost answer (outcome-unknown) is sent again
   * with the same key while the key is still kept (ADR 0095); anything else is final for this try.
   */
  async function postStatus(tokens: TokenSet, body: object, key: string | undefined, hide: string[]) {
    const firstSentAt = now();
    for (let attempt = 1; ; attempt++) {
      try {
        return (await api(
          instanceOf(tokens),
          "/api/v1/statuses",
          {
            method: "POST",
            headers: {
              ...bearer(tokens),
              "content-type": "application/json",
              ...(key ? { "idempotency-key": key } : {}),
            },
            body: JSON.stringify(body),
          },
          { hide, createsPost: true },
        )) as Status;
      } catch (error) {
        const inDoubt = error instanceof NetworkError && error.kind === "outcome-unknown";
        const keyStillKept = now() - firstSentAt < IDEMPOTENCY_WINDOW_MS;
        if (!inDoubt || !key || attempt >= SAME_KEY_TRIES || !keyStillKept) throw error;
      }
    }
  }

  return {
    id: "mastodon",
    // Nothing to set up: the app is registered on each instance on first use.
    configured: true,
    limits: LIMITS,
    connect: {
      kind: "instance",
      async instanceOrigin(input) {
        const origin = parseInstance(input, settings);
        await vetInstanceHost(origin, settings);
        return origin.origin;
      },
      async registerApp({ instance, redirectUri }) {
        const answer = (await api(instance, "/api/v1/apps", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ client_name: CLIENT_NAME, redirect_uris: redirectUri, scopes: SCOPES.join(" ") }),
        })) as { client_id?: unknown; client_secret?: unknown };
        if (typeof answer.client_id !== "string" || typeof answer.client_secret !== "string")
          throw new NetworkError("mastodon", "rejected", { detail: "Diese Adresse ist keine Mastodon-Instanz." });
        return { clientId: answer.client_id, clientSecret: answer.client_secret };
      },
      authorizationUrl: ({ instance, app, ...request }) =>
        authorizationUrl(`${instance}/oauth/authorize`, app.clientId, SCOPES, request),
      async exchangeCode({ instance, app, code, codeVerifier, redirectUri }) {
        await vetForCall(new URL(instance));
        const tokens = await requestTokens({
          network: "mastodon",
          timeoutMs,
          endpoint: `${instance}/oauth/token`,
          body: new URLSearchParams({
            grant_type: "authorization_code",
            code,
            code_verifier: codeVerifier,
            redirect_uri: redirectUri,
            client_id: app.clientId,
            client_secret: app.clientSecret,
            scope: SCOPES.join(" "),
          }),
          basicAuth: null,
          refusedGrant: "rejected",
        });
        return { ...tokens, instance };
      },
    },
    async refresh() {
      // Mastodon's tokens do not expire and have no refresh: a refused one means the access is gone.
      throw new NetworkError("mastodon", "revoked", { detail: "Zugriff entzogen" });
    },
    async identity(tokens) {
      const instance = instanceOf(tokens);
      const hide = [tokens.accessToken];
      const account = (await api(
        instance,
        "/api/v1/accounts/verify_credentials",
        { headers: bearer(tokens) },
        {
          hide,
        },
      )) as { id: string; username: string; display_name?: string; url?: string };
      const info = await api(instance, "/api/v2/instance", { headers: { accept: "application/json" } }, { hide });
      const host = new URL(instance).host;
      return {
        externalId: account.id,
        handle: `@${account.username}@${host}`,
        displayName: account.display_name || account.username,
        profileUrl: account.url ?? `${instance}/@${account.username}`,
        limits: instanceLimits(info),
      };
    },
    async publish(tokens, identity, input) {
      const hide = [tokens.accessToken, input.text];
      const mediaIds = await uploadImages(tokens, identity, input, hide);
      const warning = input.contentWarning?.trim();
      const status = await postStatus(
        tokens,
        {
          status: input.text,
          language: "de",
          ...(mediaIds.length > 0 ? { media_ids: mediaIds } : {}),
          ...(input.replyTo ? { in_reply_to_id: input.replyTo.parent.externalId } : {}),
          ...(warning ? { spoiler_text: warning } : {}),
        },
        input.idempotencyKey,
        hide,
      );
      return { status: "published", post: publishedPost(tokens, status) };
    },
    async findPost(tokens, identity, lookup) {
      const statuses = (await api(
        instanceOf(tokens),
        `/api/v1/accounts/${encodeURIComponent(identity.externalId)}/statuses?limit=40&exclude_reblogs=true`,
        { headers: bearer(tokens) },
        { hide: [tokens.accessToken] },
      )) as (Status & { created_at?: string })[];
      const found = statuses.find((status) => isLookedFor(status, lookup));
      return found ? publishedPost(tokens, found) : null;
    },
    // GET /api/v1/statuses/:id (ADR 0104): the counts every instance shows; `quotes_count` only
    // where the instance knows quotes (4.5+). No views, no bookmarks. A deleted status answers 404.
    metricsBatchSize: 1,
    fetchMetrics: (tokens, _identity, externalIds) =>
      metricsOneByOne(externalIds, async (externalId) => {
        const status = await api(
          instanceOf(tokens),
          `/api/v1/statuses/${encodeURIComponent(externalId)}`,
          { headers: bearer(tokens) },
          { hide: [tokens.accessToken] },
        ).catch(nullIfGone);
        if (status === null) return "deleted";
        const counts = status as Partial<
          Record<"favourites_count" | "reblogs_count" | "replies_count" | "quotes_count", number>
        >;
        return {
          likes: counts.favourites_count ?? 0,
          reposts: counts.reblogs_count ?? 0,
          replies: counts.replies_count ?? 0,
          quotes: counts.quotes_count ?? 0,
          bookmarks: null,
          views: null,
        };
      }),
    async deletePost(tokens, _identity, externalId) {
      await api(
        instanceOf(tokens),
        `/api/v1/statuses/${encodeURIComponent(externalId)}`,
        { method: "DELETE", headers: bearer(tokens) },
        { hide: [tokens.accessToken] },
      );
    },
  };
}

function publishedPost(tokens: TokenSet, status: Status): PublishedPost {
  if (typeof status?.id !== "string")
    throw new NetworkError("mastodon", "outcome-unknown", { detail: "Antwort ohne id" });
  return { externalId: status.id, url: status.url ?? status.uri ?? `${tokens.instance}/statuses/${status.id}` };
}

/** GET /api/v2/instance → the limits the composer and the server check against (ADR 0095). */
export function instanceLimits(info: unknown): AccountLimits {
  const configuration = (info as { configuration?: Record<string, Record<string, unknown> | undefined> } | null)
    ?.configuration;
  const positive = (value: unknown) => (typeof value === "number" && value > 0 ? Math.floor(value) : null);
  return {
    maxCharacters: positive(configuration?.statuses?.max_characters) ?? DEFAULT_MAX_CHARACTERS,
    maxImageBytes: positive(configuration?.media_attachments?.image_size_limit),
    maxDescription: positive(configuration?.media_attachments?.description_limit),
  };
}

/** The post in doubt: a reply to the same parent, or a thread's first post with the same text. */
function isLookedFor(status: Status & { created_at?: string }, lookup: PostLookup): boolean {
  if ((Date.parse(status.created_at ?? "") || 0) < lookup.since.getTime()) return false;
  if (lookup.replyTo) return status.in_reply_to_id === lookup.replyTo;
  return !status.in_reply_to_id && plainText(status.content ?? "") === plainText(lookup.text);
}

/** Mastodon returns a status as HTML; compared without tags, entities and white space. */
const plainText = (text: string) =>
  text
    .replace(/<br\s*\/?>|<\/p>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
