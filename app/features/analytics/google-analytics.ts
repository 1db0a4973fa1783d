import { type PageView, subscribeToPageViews } from "#app/lib/page-views.ts";
import { GOOGLE_TAG_SCRIPT_URL } from "#shared/analytics.ts";

// Google Analytics 4 through gtag.js (spec section 7 "Analytics", ADR 0010). Only
// started by useAnalytics, i.e. with a valid measurement id and the visitor's consent.

type GtagDisableFlag = `ga-disable-${string}`;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    [flag: GtagDisableFlag]: boolean | undefined;
  }
}

const configuredIds = new Set<string>();

function loadGtag(measurementId: string) {
  window.dataLayer ??= [];
  const dataLayer = window.dataLayer;
  window.gtag ??= function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js reads the Arguments object, not an array
    dataLayer.push(arguments);
  };
  if (configuredIds.has(measurementId)) return;
  configuredIds.add(measurementId);
  window.gtag("js", new Date());
  // Page views are sent by hand on each route change (page-views.ts), never automatically.
  window.gtag("config", measurementId, { send_page_view: false });
  const script = document.createElement("script");
  script.async = true;
  script.src = `${GOOGLE_TAG_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`;
  document.head.append(script);
}

function sendPageView(view: PageView) {
  window.gtag?.("event", "page_view", {
    page_path: view.pagePath,
    page_title: view.pageTitle,
    page_location: view.pageLocation,
  });
}

// GA4 keeps _ga and _ga_<ID> on the widest domain it can; try each parent of the host.
function deleteAnalyticsCookies() {
  const names = document.cookie
    .split(";")
    .map((pair) => pair.split("=")[0]?.trim() ?? "")
    .filter((name) => name === "_ga" || name.startsWith("_ga_"));
  const labels = window.location.hostname.split(".");
  const domains = ["", ...labels.slice(0, -1).map((_label, index) => `; domain=.${labels.slice(index).join(".")}`)];
  for (const name of names) {
    for (const domain of domains) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
    }
  }
}

/** Starts sending page views (the current page at once) and returns how to stop. */
export function startGoogleAnalytics(measurementId: string): () => void {
  window[`ga-disable-${measurementId}`] = false;
  loadGtag(measurementId);
  const unsubscribe = subscribeToPageViews(sendPageView);
  // Revoking consent: no further events, gtag switched off, its cookies gone.
  return () => {
    unsubscribe();
    window[`ga-disable-${measurementId}`] = true;
    deleteAnalyticsCookies();
  };
}
