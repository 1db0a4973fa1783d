import { describe, expect, it } from "vitest";
import {
  ACCEPTED_CONSENT_SETTINGS,
  consentExpiresAt,
  DEFAULT_CONSENT_SETTINGS,
  narrowConsent,
  REJECTED_CONSENT_SETTINGS,
} from "./consent.ts";

describe("consentExpiresAt", () => {
  it("ends a choice 12 months after it was given (ADR 0010)", () => {
    expect(consentExpiresAt(new Date("2026-11-22T14:05:00Z")).toISOString()).toBe("2027-11-22T14:05:00.000Z");
  });
});

describe("narrowConsent", () => {
  it("applies a withdrawal without a record", () => {
    expect(narrowConsent(ACCEPTED_CONSENT_SETTINGS, REJECTED_CONSENT_SETTINGS)).toEqual(REJECTED_CONSENT_SETTINGS);
  });

  it("grants nothing new without a record", () => {
    expect(narrowConsent(DEFAULT_CONSENT_SETTINGS, ACCEPTED_CONSENT_SETTINGS)).toEqual(DEFAULT_CONSENT_SETTINGS);
  });

  it("keeps what was granted before and is still chosen", () => {
    const before = { ...DEFAULT_CONSENT_SETTINGS, analytics: true, ai_services: true };
    const chosen = { ...ACCEPTED_CONSENT_SETTINGS, ai_services: false };
    expect(narrowConsent(before, chosen)).toEqual({ ...DEFAULT_CONSENT_SETTINGS, analytics: true });
  });
});
