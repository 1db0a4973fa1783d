// Spec section 3 "site_settings": the defaults used when no row exists or loading fails. The spec's
// default title is a slug ("content-creator"); a browser tab shows the product's name instead
// (ADR 0100).
export const DEFAULT_SITE_SETTINGS = {
  siteTitle: "Postwerk",
  metaDescription:
    "Postwerk schreibt mit KI Social-Media-Beiträge für Facebook, Instagram, LinkedIn und X und optimiert Ihre X-Posts – auf Deutsch, in Sekunden.",
  faviconUrl: null,
  // A placeholder id keeps analytics off until an admin enters a real one.
  gaTrackingId: "G-XXXXXXXXXX",
} as const;

export type SiteSettings = {
  siteTitle: string;
  metaDescription: string;
  faviconUrl: string | null;
  gaTrackingId: string;
};

export const FALLBACK_FAVICON_URL = "/favicon.svg";

/** Between a page's own title and the site title: "Beiträge erstellen – Postwerk". */
export const PAGE_TITLE_SEPARATOR = " – ";

export const SITE_SETTINGS_LOAD_ERROR = "Fehler beim Laden der Seiteneinstellungen";

// The id of the JSON data block the server writes into every page's head.
export const SITE_SETTINGS_ELEMENT_ID = "site-settings";

// Beyond the spec: limits for what an admin types. Search engines show about 60
// characters of a title and 160 of a description; these leave room without allowing a novel.
export const SITE_TITLE_MAX_LENGTH = 120;
export const META_DESCRIPTION_MAX_LENGTH = 300;
export const FAVICON_URL_MAX_LENGTH = 2048;
export const GA_TRACKING_ID_MAX_LENGTH = 32;

// Our own words, in "Sie"; the spec's toasts are in shared/admin.ts.
export const SITE_SETTINGS_TEXTS = {
  titleRequired: "Bitte geben Sie einen Seitentitel ein.",
  titleTooLong: `Der Seitentitel darf höchstens ${SITE_TITLE_MAX_LENGTH} Zeichen lang sein.`,
  descriptionRequired: "Bitte geben Sie eine Meta-Beschreibung ein.",
  descriptionTooLong: `Die Meta-Beschreibung darf höchstens ${META_DESCRIPTION_MAX_LENGTH} Zeichen lang sein.`,
  faviconInvalid:
    "Bitte geben Sie eine Adresse mit http:// oder https:// oder einen Pfad dieser Website ein, der mit einem einzelnen „/“ beginnt (z. B. /favicon.png).",
  faviconTooLong: `Die Favicon-Adresse darf höchstens ${FAVICON_URL_MAX_LENGTH} Zeichen lang sein.`,
  gaTrackingIdInvalid:
    "Bitte geben Sie eine GA4-Mess-ID im Format G-XXXXXXXXXX ein oder lassen Sie das Feld leer, um Google Analytics abzuschalten.",
} as const;

// A site path ("/icon.png") or an http(s) address. Not "//host" or "/\host" (browsers read
// both as another host), no other scheme (javascript:, data:), no spaces or control characters.
// The host may hold only what DNS names and IP addresses hold: the page's CSP names it
// (pages.routes.ts), and URL() lets ";" or "'" through in a host.
const SITE_PATH = /^\/(?![/\\])[^\s\\\p{Cc}]*$/u;
const WEB_ADDRESS = /^https?:\/\/[^\s/\\\p{Cc}][^\s\\\p{Cc}]*$/iu;
const PLAIN_HOST = /^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/;

export function isAllowedFaviconUrl(value: string): boolean {
  if (SITE_PATH.test(value)) return true;
  if (!WEB_ADDRESS.test(value)) return false;
  try {
    return PLAIN_HOST.test(new URL(value).hostname);
  } catch {
    return false;
  }
}
