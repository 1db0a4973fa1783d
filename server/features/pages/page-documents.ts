import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { escapeHtml } from "#shared/escape-html.ts";
import { PAGE_DATA_PRELOADS } from "#shared/page-data-preloads.ts";
import { NOT_FOUND_PRERENDER_PATH, PAGE_PATHS } from "#shared/routes.ts";
import {
  DEFAULT_SITE_SETTINGS,
  FALLBACK_FAVICON_URL,
  SITE_SETTINGS_ELEMENT_ID,
  type SiteSettings,
} from "#shared/site-settings.ts";
import { deferHydration } from "./deferred-hydration.ts";
import { readRoutePreloads, withPreloads } from "./route-preloads.ts";

// A prerendered HTML file (or the SPA fallback) read once at start-up, together with the
// hashes of its inline scripts so the Content-Security-Policy can allow exactly those.
export type PageDocument = { html: string; scriptHashes: string[] };

/** Whether the browser asking carries a session cookie or the signed-in hint (signed-in-hint.ts). */
export type DocumentRequest = { mayHaveSession: boolean };

export type PageDocuments = {
  /**
   * The document for a page path: its prerendered HTML, else the SPA fallback for the app's
   * client-only pages; undefined for a path the app has no page for.
   */
  find: (pathname: string, request: DocumentRequest) => PageDocument | undefined;
  /** Whether a page's document depends on the session (ADR 0073): its answers vary by Cookie. */
  variesBySession: (pathname: string) => boolean;
  /** Sent with status 404 (ADR 0036: no soft 404s for search engines and agents). */
  notFound: PageDocument;
};

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

// Prerendered pages paint before they hydrate (ADR 0016); the SPA fallback has nothing to
// paint without JavaScript, so it starts at once.
function readPageDocument(filePath: string, options: { prerendered: boolean }): PageDocument {
  const source = fs.readFileSync(filePath, "utf8");
  return pageDocument(options.prerendered ? deferHydration(source) : source);
}

function pageDocument(html: string): PageDocument {
  const scriptHashes = [...html.matchAll(INLINE_SCRIPT)].map(
    (match) =>
      `'sha256-${crypto
        .createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
  );
  return { html, scriptHashes };
}

// Without a build (the API alone in development, scripts/dev.ts) pages say how to get one.
const NOT_BUILT: PageDocument = {
  html: '<!doctype html><html lang="de"><head><title>Postwerk</title></head><body><p>Das Frontend ist noch nicht gebaut. Bitte <code>npm run build</code> ausführen oder <code>npm run dev</code> nutzen.</p></body></html>',
  scriptHashes: [],
};

export function loadPageDocuments(clientDir: string): PageDocuments {
  const byPath = new Map<string, PageDocument>();
  if (!fs.existsSync(path.join(clientDir, "__spa-fallback.html"))) {
    return { find: () => NOT_BUILT, variesBySession: () => false, notFound: NOT_BUILT };
  }
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "assets") walk(full);
      else if (entry.name === "index.html") {
        const route = `/${path.relative(clientDir, dir).split(path.sep).join("/")}`.replace(/\/$/, "") || "/";
        byPath.set(route, readPageDocument(full, { prerendered: true }));
      }
    }
  };
  walk(clientDir);
  const spaFallback = readPageDocument(path.join(clientDir, "__spa-fallback.html"), { prerendered: false });
  // ADR 0072: per app page, the fallback that also preloads that page's own scripts; ADR 0073:
  // for a browser with a session also the page's first API requests.
  const spaPages = new Map<string, { signedOut: PageDocument; signedIn: PageDocument }>();
  for (const [pagePath, scripts] of readRoutePreloads(clientDir, spaFallback.html)) {
    if (!PAGE_PATHS.has(pagePath) || byPath.has(pagePath)) continue;
    const signedOut = pageDocument(withPreloads(spaFallback.html, scripts));
    const data = PAGE_DATA_PRELOADS[pagePath];
    spaPages.set(pagePath, {
      signedOut,
      signedIn: data ? pageDocument(withPreloads(spaFallback.html, scripts, data)) : signedOut,
    });
  }
  // Built before the not-found page was prerendered: the SPA fallback renders it in the browser.
  const notFound = byPath.get(NOT_FOUND_PRERENDER_PATH) ?? spaFallback;
  byPath.delete(NOT_FOUND_PRERENDER_PATH);
  const normalize = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname);
  return {
    find: (pathname, request) => {
      const normalized = normalize(pathname);
      const spaPage = spaPages.get(normalized);
      return (
        byPath.get(normalized) ??
        (spaPage && (request.mayHaveSession ? spaPage.signedIn : spaPage.signedOut)) ??
        (PAGE_PATHS.has(normalized) ? spaFallback : undefined)
      );
    },
    variesBySession: (pathname) => {
      const spaPage = spaPages.get(normalize(pathname));
      return spaPage !== undefined && spaPage.signedIn !== spaPage.signedOut;
    },
    notFound,
  };
}

// Writes the site settings into the head so crawlers see them without JavaScript
// (ADR 0005). Pages keep their own description; only the site-wide default
// description is replaced by the configured one. Every replacement is a function: a string
// replacement would read "$&" or "$`" an admin typed as "insert the matched text here".
export function applySiteSettings(html: string, settings: SiteSettings, loadFailed = false): string {
  const title = escapeHtml(settings.siteTitle);
  const description = escapeHtml(settings.metaDescription);
  const favicon = escapeHtml(settings.faviconUrl ?? FALLBACK_FAVICON_URL);
  const defaultTitle = escapeHtml(DEFAULT_SITE_SETTINGS.siteTitle);
  const defaultDescription = escapeHtml(DEFAULT_SITE_SETTINGS.metaDescription);
  return html
    .replace(
      /<title>([\s\S]*?)<\/title>/,
      (_match, current: string) => `<title>${current.replace(defaultTitle, () => title)}</title>`,
    )
    .replace(
      `<meta name="description" content="${defaultDescription}"`,
      () => `<meta name="description" content="${description}"`,
    )
    .replace(`<link rel="icon" href="${FALLBACK_FAVICON_URL}"`, () => `<link rel="icon" href="${favicon}"`)
    .replace("</head>", () => `${siteSettingsDataBlock(settings, loadFailed)}</head>`);
}

// The same settings travel as a JSON data block (not executed, so outside the CSP's
// script rules) for the browser's meta() functions, so hydration keeps what crawlers saw.
function siteSettingsDataBlock(settings: SiteSettings, loadFailed: boolean): string {
  const json = JSON.stringify({ ...settings, loadFailed }).replaceAll("<", "\\u003c");
  return `<script type="application/json" id="${SITE_SETTINGS_ELEMENT_ID}">${json}</script>`;
}
