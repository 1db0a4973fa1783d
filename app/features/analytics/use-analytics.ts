import { useEffect } from "react";
import { useConsentState } from "#app/features/consent/consent-store.ts";
import { readSiteSettings } from "#app/features/site-settings/site-settings.ts";
import { shouldLoadAnalytics } from "#shared/analytics.ts";

// ADR 0010: GA4 runs only with a valid measurement id from the site settings AND the
// visitor's analytics consent; a withdrawal stops it at once.
export function useAnalytics() {
  const { settings } = useConsentState();
  const measurementId = readSiteSettings().gaTrackingId;
  const enabled = shouldLoadAnalytics(measurementId, settings);
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Its own small chunk: visitors without analytics never download it.
    import("./google-analytics.ts").then(({ startGoogleAnalytics }) => {
      if (!cancelled) stop = startGoogleAnalytics(measurementId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [enabled, measurementId]);
}
