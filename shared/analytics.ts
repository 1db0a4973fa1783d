import type { ConsentSettings } from "./consent.ts";
import { DEFAULT_SITE_SETTINGS } from "./site-settings.ts";

// Google Analytics 4 (spec section 7 "Analytics", ADR 0010). "An invalid or
// placeholder analytics id means analytics is not started."

const MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{6,}$/;

export function isValidMeasurementId(id: string | null | undefined): id is string {
  return typeof id === "string" && MEASUREMENT_ID_PATTERN.test(id) && id !== DEFAULT_SITE_SETTINGS.gaTrackingId;
}

// docs/design.md: analytics only after the visitor's consent (ADR 0010).
export function shouldLoadAnalytics(measurementId: string | null | undefined, consent: ConsentSettings | null) {
  return isValidMeasurementId(measurementId) && consent?.analytics === true;
}

export const GOOGLE_TAG_SCRIPT_URL = "https://www.googletagmanager.com/gtag/js";

// The hosts GA4 needs (Google's CSP guide for GA4), allowed only when a valid id is
// configured (server/features/pages/pages.routes.ts); the browser still waits for consent.
export const GOOGLE_ANALYTICS_CSP_SOURCES = {
  script: ["https://www.googletagmanager.com"],
  connect: [
    "https://www.google-analytics.com",
    "https://region1.google-analytics.com",
    "https://*.analytics.google.com",
    "https://www.googletagmanager.com",
  ],
  img: ["https://www.google-analytics.com", "https://region1.google-analytics.com", "https://www.googletagmanager.com"],
} as const;
