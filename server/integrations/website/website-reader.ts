import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import zlib from "node:zlib";
import { WEBSITE_MESSAGES } from "#shared/generator.ts";
import { isPublicAddress, pinnedLookup, type ResolvedAddress } from "./address-policy.ts";
import { type HtmlSummary, summarizeHtml } from "./html-summary.ts";

// Reads a website the user names for the generator (docs/design.md, ADR 0013): http(s) only,
// public addresses only, checked after our own DNS resolution and
// then connected to exactly that checked address, so a DNS answer that changes between
// check and connect (rebinding) cannot redirect us. Each redirect hop is checked again.
// One deadline covers everything; the body is cut off at a byte limit.

const WEBSITE_TIMEOUT_MS = 5000;
const WEBSITE_MAX_BYTES = 1024 * 1024;
const WEBSITE_MAX_REDIRECTS = 3;

type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

type WebsiteReaderOptions = {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** DNS resolution; tests inject answers. Default: the system resolver, all addresses. */
  resolveHost?: ResolveHost;
  /** Which addresses may be connected to; tests let 127.0.0.1 stand in for a public host. */
  isAllowedAddress?: (address: string) => boolean;
};

type WebsiteSummary = HtmlSummary & { url: string };

export type WebsiteReader = {
  read(url: string, signal?: AbortSignal): Promise<WebsiteSummary>;
};

type WebsiteFailure = keyof typeof WEBSITE_MESSAGES;

export class WebsiteReadError extends Error {
  readonly kind: WebsiteFailure;

  constructor(kind: WebsiteFailure) {
    super(WEBSITE_MESSAGES[kind]);
    this.name = "WebsiteReadError";
    this.kind = kind;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const USER_AGENT = "PostwerkBot/1.0 (+Beitragsgenerator; liest nur die angegebene Seite)";

const systemResolve: ResolveHost = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

export function createWebsiteReader(options: WebsiteReaderOptions = {}): WebsiteReader {
  const timeoutMs = options.timeoutMs ?? WEBSITE_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? WEBSITE_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? WEBSITE_MAX_REDIRECTS;
  const resolveHost = options.resolveHost ?? systemResolve;
  const isAllowed = options.isAllowedAddress ?? isPublicAddress;

  async function vetHost(hostname: string, deadline: AbortSignal): Promise<ResolvedAddress> {
    const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
    const literal = net.isIP(bare);
    const addresses = literal
      ? [{ address: bare, family: literal === 6 ? 6 : 4 } as ResolvedAddress]
      : await withDeadline(resolveHost(bare), deadline).catch((error: unknown) => {
          if (error instanceof WebsiteReadError) throw error;
          throw new WebsiteReadError("unreachable");
        });
    // Every answer must be public: a name with one public and one private record is refused,
    // rather than trusting whichever the connection would have picked.
    const first = addresses[0];
    if (!first || addresses.some((answer) => !isAllowed(answer.address))) throw new WebsiteReadError("notAllowed");
    return first;
  }

  return {
    async read(rawUrl, signal) {
      const deadline = signal
        ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs);
      let url = parseWebsiteUrl(rawUrl);
      for (let hop = 0; hop <= maxRedirects; hop++) {
        const address = await vetHost(url.hostname, deadline);
        const response = await requestOnce(url, address, deadline);
        const status = response.statusCode ?? 0;
        if (REDIRECTS.has(status)) {
          response.resume();
          const location = response.headers.location;
          if (!location) throw new WebsiteReadError("httpError");
          url = parseWebsiteUrl(new URL(location, url).toString());
          continue;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          throw new WebsiteReadError("httpError");
        }
        const { mediaType, charset } = parseContentType(response.headers["content-type"]);
        if (!HTML_TYPES.has(mediaType)) {
          response.resume();
          throw new WebsiteReadError("notHtml");
        }
        const declaredLength = Number(response.headers["content-length"] ?? "0");
        if (declaredLength > maxBytes) {
          response.destroy();
          throw new WebsiteReadError("tooLarge");
        }
        const body = await readBody(response, maxBytes, deadline);
        return { url: url.toString(), ...summarizeHtml(decodeText(body, charset)) };
      }
      throw new WebsiteReadError("tooManyRedirects");
    },
  };
}

/** http(s) with a host and without credentials; anything else is refused before any lookup. */
function parseWebsiteUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebsiteReadError("notAllowed");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new WebsiteReadError("notAllowed");
  if (url.username || url.password || !url.hostname) throw new WebsiteReadError("notAllowed");
  url.hash = "";
  return url;
}

function requestOnce(url: URL, vetted: ResolvedAddress, deadline: AbortSignal): Promise<http.IncomingMessage> {
  if (deadline.aborted) return Promise.reject(new WebsiteReadError("timeout"));
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, {
      method: "GET",
      agent: false,
      lookup: pinnedLookup(vetted),
      signal: deadline,
      headers: {
        "user-agent": USER_AGENT,
        accept: "text/html,application/xhtml+xml;q=0.9",
        "accept-encoding": "gzip, deflate, br",
        "accept-language": "de,en;q=0.8",
      },
    });
    request.on("response", resolve);
    request.on("error", (error) => reject(deadline.aborted ? new WebsiteReadError("timeout") : toReadError(error)));
    request.end();
  });
}

function toReadError(error: unknown): WebsiteReadError {
  return error instanceof WebsiteReadError ? error : new WebsiteReadError("unreachable");
}

async function readBody(response: http.IncomingMessage, maxBytes: number, deadline: AbortSignal): Promise<Buffer> {
  // Decompressed size counts, so a small gzip bomb cannot exceed the limit either.
  const encoding = String(response.headers["content-encoding"] ?? "identity").toLowerCase();
  const source: NodeJS.ReadableStream =
    encoding === "gzip" || encoding === "x-gzip"
      ? response.pipe(zlib.createGunzip())
      : encoding === "deflate"
        ? response.pipe(zlib.createInflate())
        : encoding === "br"
          ? response.pipe(zlib.createBrotliDecompress())
          : response;
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of source) {
      if (deadline.aborted) throw new WebsiteReadError("timeout");
      const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
      total += buffer.length;
      if (total > maxBytes) throw new WebsiteReadError("tooLarge");
      chunks.push(buffer);
    }
  } catch (error) {
    response.destroy();
    if (error instanceof WebsiteReadError) throw error;
    throw deadline.aborted ? new WebsiteReadError("timeout") : new WebsiteReadError("unreachable");
  }
  return Buffer.concat(chunks);
}

function parseContentType(header: string | undefined): { mediaType: string; charset: string } {
  const [type = "", ...parameters] = (header ?? "").split(";");
  const charset =
    parameters
      .map((parameter) => parameter.trim().split("="))
      .find(([key]) => key?.toLowerCase() === "charset")?.[1]
      ?.replaceAll('"', "")
      .trim() ?? "utf-8";
  return { mediaType: type.trim().toLowerCase(), charset };
}

function decodeText(body: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

function withDeadline<T>(promise: Promise<T>, deadline: AbortSignal): Promise<T> {
  if (deadline.aborted) return Promise.reject(new WebsiteReadError("timeout"));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new WebsiteReadError("timeout"));
    deadline.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        deadline.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        deadline.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
