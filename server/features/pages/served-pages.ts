import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import Negotiator from "negotiator";
import type { SiteSettingsSnapshot } from "#server/features/site-settings/site-settings.service.ts";
import { GOOGLE_ANALYTICS_CSP_SOURCES, isValidMeasurementId } from "#shared/analytics.ts";
import { isAllowedFaviconUrl, type SiteSettings } from "#shared/site-settings.ts";
import { applySiteSettings, type PageDocument } from "./page-documents.ts";

/**
 * ADR 0028: a page exactly as it is sent, built once per document and site-settings version
 * instead of on every request: the HTML with the settings applied, its Content-Security-Policy,
 * an ETag, and the bytes for each content coding.
 */
export type ServedPage = Readonly<{
  contentSecurityPolicy: string;
  etag: string;
  bodies: Readonly<Record<PageEncoding, Uint8Array<ArrayBuffer>>>;
}>;

export type PageEncoding = "br" | "gzip" | "identity";

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// One entry per document, for the settings version it was built with; a new version replaces it.
const servedPages = new WeakMap<PageDocument, { version: string; page: Promise<ServedPage> }>();

/** The served page for these settings, built on first use; concurrent requests share the build. */
export function getServedPage(document: PageDocument, snapshot: SiteSettingsSnapshot): Promise<ServedPage> {
  const cached = servedPages.get(document);
  if (cached?.version === snapshot.version) return cached.page;
  const page = buildServedPage(document, snapshot);
  servedPages.set(document, { version: snapshot.version, page });
  // A failed build is not kept: the next request builds again.
  page.catch(() => {
    if (servedPages.get(document)?.page === page) servedPages.delete(document);
  });
  return page;
}

export async function buildServedPage(document: PageDocument, snapshot: SiteSettingsSnapshot): Promise<ServedPage> {
  const html = Buffer.from(applySiteSettings(document.html, snapshot.settings, snapshot.loadFailed), "utf8");
  const policy = contentSecurityPolicy(document, snapshot.settings);
  // The highest levels, as for the built assets (ADR 0016): this runs once per page and
  // settings version, in libuv's thread pool, not on the request path.
  const [br, gz] = await Promise.all([
    brotliCompress(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.byteLength,
      },
    }),
    gzip(html, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // Weak: the three codings carry the same page, and a strong ETag would have to differ per
  // coding (RFC 9110, 8.8.3). The policy is part of it, since it changes what the page may run.
  const digest = crypto.createHash("sha256").update(policy).update("\n").update(html).digest("base64url");
  return {
    contentSecurityPolicy: policy,
    etag: `W/"${digest.slice(0, 32)}"`,
    // Own copies: zlib's and Buffer.from's results may be views into larger shared buffers.
    bodies: { br: new Uint8Array(br), gzip: new Uint8Array(gz), identity: new Uint8Array(html) },
  };
}

// ADR 0005: strict by default. Google Analytics' hosts are allowed only when the site
// settings carry a valid GA4 measurement id (ADR 0010); the browser still loads
// nothing from Google before the visitor consents to analytics (ADR 0010).
export function contentSecurityPolicy(document: PageDocument, settings: SiteSettings): string {
  const analytics = isValidMeasurementId(settings.gaTrackingId) ? GOOGLE_ANALYTICS_CSP_SOURCES : null;
  const favicon = faviconOrigin(settings.faviconUrl);
  const sources = (...values: readonly string[]) => values.join(" ");
  return [
    "default-src 'self'",
    `script-src ${sources("'self'", ...document.scriptHashes, ...(analytics?.script ?? []))}`,
    // React and sonner set style attributes and a <style> tag; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${sources("'self'", "data:", "blob:", ...(favicon ? [favicon] : []), ...(analytics?.img ?? []))}`,
    "font-src 'self'",
    `connect-src ${sources("'self'", ...(analytics?.connect ?? []))}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

// An admin may point the favicon at another host (http or https only, checked when
// saved); img-src allows exactly that origin, so the icon loads without opening the policy.
function faviconOrigin(faviconUrl: string | null): string | null {
  if (!faviconUrl || !isAllowedFaviconUrl(faviconUrl) || faviconUrl.startsWith("/")) return null;
  return new URL(faviconUrl).origin;
}

const PAGE_ENCODINGS: PageEncoding[] = ["br", "gzip", "identity"];

// @types/negotiator still describes 0.6; negotiator 1.0 added `preferred` for breaking ties.
type EncodingNegotiator = { encoding(available: string[], options: { preferred: string[] }): string | undefined };

/**
 * The coding to send for an Accept-Encoding header, negotiated by its q-values; at equal weight
 * Brotli (the smallest), then gzip, then the plain bytes.
 */
export function chooseEncoding(acceptEncoding: string | undefined): PageEncoding {
  const negotiator: EncodingNegotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  const chosen = negotiator.encoding(PAGE_ENCODINGS, { preferred: PAGE_ENCODINGS });
  return PAGE_ENCODINGS.find((encoding) => encoding === chosen) ?? "identity";
}

/** If-None-Match with the weak comparison it calls for (RFC 9110, 13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}
