import { describe, expect, it } from "vitest";
import { ROUTES } from "#shared/routes.ts";
import { shouldShowConsentBanner } from "./consent-store.ts";

const NO_CHOICE = { settings: null, dialogOpen: false, saving: false, dismissed: false };

describe("shouldShowConsentBanner", () => {
  it("asks on a first visit, but not on the legal pages", () => {
    expect(shouldShowConsentBanner(NO_CHOICE, ROUTES.home)).toBe(true);
    expect(shouldShowConsentBanner(NO_CHOICE, ROUTES.pricing)).toBe(true);
    expect(shouldShowConsentBanner(NO_CHOICE, ROUTES.imprint)).toBe(false);
  });

  it("decides alike with the slash React Router 8 prerenders with (ADR 0058)", () => {
    for (const page of [ROUTES.privacy, ROUTES.terms, ROUTES.imprint]) {
      expect(shouldShowConsentBanner(NO_CHOICE, `${page}/`)).toBe(false);
    }
    expect(shouldShowConsentBanner(NO_CHOICE, `${ROUTES.pricing}/`)).toBe(true);
  });
});
