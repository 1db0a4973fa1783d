import type { NetworkId } from "#shared/networks.ts";
import type { FailureReason } from "#shared/publishing-failures.ts";
import { NetworkError } from "./social-network.ts";

// How a network's answer or a broken connection becomes a NetworkError (ADR 0060). Shared by
// the three integrations so that "may the queue retry this?" has one answer for all of them.

/** Without a reset header a 429 is retried after this long. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;
/** Above this a `ratelimit-reset` value is an epoch second (Bluesky), below it a delay (the IETF draft). */
const EPOCH_SECONDS_THRESHOLD = 1_000_000_000;
const DETAIL_MAX_LENGTH = 200;

type HeaderReader = { get(name: string): string | null };

/** When a rate-limited network takes calls again, from whichever reset header it sends. */
export function rateLimitResetAt(headers: HeaderReader, now = Date.now()): Date {
  const epoch = Number(headers.get("x-rate-limit-reset"));
  if (epoch > 0) return new Date(epoch * 1000);
  // Mastodon: an ISO 8601 time.
  const at = Date.parse(headers.get("x-ratelimit-reset") ?? "");
  if (Number.isFinite(at)) return new Date(at);
  const reset = Number(headers.get("ratelimit-reset"));
  if (reset > EPOCH_SECONDS_THRESHOLD) return new Date(reset * 1000);
  if (reset > 0) return new Date(now + reset * 1000);
  const retryAfter = headers.get("retry-after");
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return new Date(now + seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return new Date(date);
  }
  return new Date(now + DEFAULT_RATE_LIMIT_WAIT_MS);
}

/**
 * A detail safe to show and store: short, and without the secrets or the post's text that a
 * network might echo back.
 */
export function safeDetail(raw: string | null | undefined, hide: readonly string[]): string | null {
  if (!raw) return null;
  let detail = raw;
  for (const secret of hide) if (secret.length >= 4) detail = detail.split(secret).join("…");
  detail = detail.replace(/\s+/g, " ").trim();
  if (detail.length > DETAIL_MAX_LENGTH) detail = `${detail.slice(0, DETAIL_MAX_LENGTH - 1)}…`;
  return detail || null;
}

export type HttpFailure = {
  status: number;
  headers: HeaderReader;
  /** The network's own short reason, already passed through `safeDetail`. */
  detail: string | null;
  /** The integration's class of the refusal (ADR 0093); each kind has its default. */
  reason?: FailureReason | null;
};

/**
 * An HTTP error answer. 401 means the token was refused (`revoked`, see the type's comment);
 * 426 is LinkedIn's answer to a retired LinkedIn-Version.
 */
export function failureFromStatus(network: NetworkId, failure: HttpFailure, now = Date.now()): NetworkError {
  const { status, headers, detail } = failure;
  const reason = failure.reason ?? undefined;
  if (status === 429)
    return new NetworkError(network, "rate-limited", {
      retryAt: rateLimitResetAt(headers, now),
      detail,
      reason,
      status,
    });
  if (status >= 500) return new NetworkError(network, "unavailable", { detail: detail ?? `HTTP ${status}`, status });
  if (status === 401) return new NetworkError(network, "revoked", { detail, status });
  if (status === 426) return new NetworkError(network, "version-retired", { detail, status });
  return new NetworkError(network, "rejected", { detail: detail ?? `HTTP ${status}`, reason, status });
}

// Node's codes for a connection that was never made: nothing was sent, so retrying is safe.
const NOT_CONNECTED_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === "string" && code !== "ABORT_ERR") return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * A call that got no HTTP answer. A connection that was never made is `unavailable`. A timeout or
 * a connection lost after connecting may have reached the network: for the call that creates the
 * post that is `outcome-unknown` (never retried blindly, ADR 0053); for the steps before it
 * (uploading an image, reading the identity) nothing visible can have happened, so `unavailable`.
 */
export function failureFromTransport(
  network: NetworkId,
  error: unknown,
  { createsPost }: { createsPost: boolean },
): NetworkError {
  const code = errorCode(error);
  const notConnected = code !== undefined && NOT_CONNECTED_CODES.has(code);
  const kind = notConnected || !createsPost ? "unavailable" : "outcome-unknown";
  return new NetworkError(network, kind, { detail: code ?? transportName(error), cause: error });
}

function transportName(error: unknown): string {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.name === "TimeoutError" || current.name === "AbortError") return "Zeitüberschreitung";
    current = current.cause;
  }
  return "Verbindung abgebrochen";
}

export type NetworkCall = {
  network: NetworkId;
  timeoutMs: number;
  /** Whether this call makes the post (see failureFromTransport). */
  createsPost: boolean;
  /** Strings that must not appear in a failure's detail: the tokens and the post's text. */
  hide: readonly string[];
  /** Reads the network's short reason from an error body. */
  detailOf: (body: unknown) => string | null | undefined;
  /** Sorts an error answer into a class the owner can act on (ADR 0093). */
  reasonOf?: (status: number, body: unknown) => FailureReason;
};

/**
 * One HTTP call with fetch (LinkedIn, Bluesky's fetch handler, both OAuth token endpoints):
 * answers a 2xx response or throws a NetworkError.
 */
export async function callNetwork(call: NetworkCall, url: string | URL, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(call.timeoutMs) });
  } catch (error) {
    throw failureFromTransport(call.network, error, call);
  }
  if (response.ok) return response;
  throw failureFromStatus(call.network, await httpFailure(response, call));
}

/** Reads an error response's detail (its body is consumed). */
export async function httpFailure(
  response: Response,
  call: Pick<NetworkCall, "hide" | "detailOf" | "reasonOf">,
): Promise<HttpFailure> {
  const text = await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const detail = body === null ? null : call.detailOf(body);
  const reason = call.reasonOf?.(response.status, body) ?? null;
  return { status: response.status, headers: response.headers, detail: safeDetail(detail, call.hide), reason };
}

/** Reads a 2xx JSON body; a body that breaks off on the way is a transport failure. */
export async function readJson(
  call: Pick<NetworkCall, "network" | "createsPost">,
  response: Response,
): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw failureFromTransport(call.network, error, call);
  }
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new NetworkError(call.network, call.createsPost ? "outcome-unknown" : "unavailable", {
      detail: "Antwort unlesbar",
    });
  }
}
