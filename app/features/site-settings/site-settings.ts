import {
  DEFAULT_SITE_SETTINGS,
  FALLBACK_FAVICON_URL,
  PAGE_TITLE_SEPARATOR,
  SITE_SETTINGS_ELEMENT_ID,
  type SiteSettings,
} from "#shared/site-settings.ts";

type InjectedSiteSettings = SiteSettings & { loadFailed: boolean };

let cached: InjectedSiteSettings | undefined;

// The settings the server wrote into the page (server/features/pages). At build time
// (prerendering in Node) there is no document, and the spec defaults apply.
export function readSiteSettings(): InjectedSiteSettings {
  if (cached) return cached;
  if (typeof document === "undefined") return { ...DEFAULT_SITE_SETTINGS, loadFailed: false };
  const element = document.getElementById(SITE_SETTINGS_ELEMENT_ID);
  try {
    cached = element?.textContent
      ? (JSON.parse(element.textContent) as InjectedSiteSettings)
      : { ...DEFAULT_SITE_SETTINGS, loadFailed: false };
  } catch {
    cached = { ...DEFAULT_SITE_SETTINGS, loadFailed: true };
  }
  return cached;
}

export function faviconHref(): string {
  return readSiteSettings().faviconUrl ?? FALLBACK_FAVICON_URL;
}

// A page's own title followed by the site title; the home page uses the site title alone.
export function pageMeta(page?: { title: string; description?: string }) {
  const settings = readSiteSettings();
  return [
    { title: page ? `${page.title}${PAGE_TITLE_SEPARATOR}${settings.siteTitle}` : settings.siteTitle },
    { name: "description", content: page?.description ?? settings.metaDescription },
  ];
}
