import { describe, expect, it } from "vitest";
import { isValidMeasurementId, shouldLoadAnalytics } from "./analytics.ts";
import { ACCEPTED_CONSENT_SETTINGS, REJECTED_CONSENT_SETTINGS } from "./consent.ts";
import { DEFAULT_SITE_SETTINGS } from "./site-settings.ts";

describe("isValidMeasurementId", () => {
  it.each(["G-AB12CD34EF", "G-1234567"])("accepts the GA4 measurement id %s", (id) => {
    expect(isValidMeasurementId(id)).toBe(true);
  });

  it.each([DEFAULT_SITE_SETTINGS.gaTrackingId, "UA-12345-1", "G-abc12345", "G-12345", "", " G-AB12CD34EF", null])(
    "refuses %s",
    (id) => {
      expect(isValidMeasurementId(id)).toBe(false);
    },
  );
});

describe("shouldLoadAnalytics", () => {
  const validId = "G-AB12CD34EF";

  it("loads only with a valid id and the visitor's analytics consent", () => {
    expect(shouldLoadAnalytics(validId, ACCEPTED_CONSENT_SETTINGS)).toBe(true);
  });

  it.each([
    ["the placeholder id and consent", DEFAULT_SITE_SETTINGS.gaTrackingId, ACCEPTED_CONSENT_SETTINGS],
    ["a valid id without any choice yet", validId, null],
    ["a valid id after a rejection", validId, REJECTED_CONSENT_SETTINGS],
    ["a valid id with every category but analytics", validId, { ...ACCEPTED_CONSENT_SETTINGS, analytics: false }],
  ] as const)("loads nothing with %s", (_case, id, consent) => {
    expect(shouldLoadAnalytics(id, consent)).toBe(false);
  });
});
