// Spec section 3 "site_settings": the defaults used when no row exists or loading fails.
export const DEFAULT_SITE_SETTINGS = {
  siteTitle: "postwerk-content-creator",
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

export const SITE_SETTINGS_LOAD_ERROR = "Fehler beim Laden der Seiteneinstellungen";

// The id of the JSON data block the server writes into every page's head.
export const SITE_SETTINGS_ELEMENT_ID = "site-settings";
