import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCEPTED_CONSENT_SETTINGS } from "#shared/consent.ts";
import { parseStoredConsent, STORED_CONSENT_MARK_SCRIPT } from "./stored-consent.ts";

const GIVEN_AT = "2026-03-15T09:30:00.000Z";
const stored = (value: Record<string, unknown>) =>
  JSON.stringify({ version: 1, settings: ACCEPTED_CONSENT_SETTINGS, timestamp: GIVEN_AT, ...value });

describe("parseStoredConsent", () => {
  it("accepts a version-1 choice within its 12 months", () => {
    expect(parseStoredConsent(stored({}), new Date("2027-03-15T09:29:00Z"))).toEqual({
      version: 1,
      settings: ACCEPTED_CONSENT_SETTINGS,
      timestamp: GIVEN_AT,
    });
  });

  it.each([0, 2, "1", undefined])("discards a choice stored with version %s", (version) => {
    expect(parseStoredConsent(stored({ version }), new Date("2026-04-01T00:00:00Z"))).toBeNull();
  });

  it("discards a choice once its 12 months have passed (ADR 0010)", () => {
    expect(parseStoredConsent(stored({}), new Date("2027-03-15T09:30:00Z"))).toBeNull();
  });

  it.each([
    ["no stored value", null],
    ["text that is no JSON", "ja"],
    ["essential switched off", stored({ settings: { ...ACCEPTED_CONSENT_SETTINGS, essential: false } })],
    ["a category missing", stored({ settings: { essential: true, analytics: true } })],
    ["a timestamp that is no date", stored({ timestamp: "gestern" })],
  ])("treats %s as no choice", (_case, raw) => {
    expect(parseStoredConsent(raw, new Date("2026-04-01T00:00:00Z"))).toBeNull();
  });

  it("keeps only the four categories of the stored settings", () => {
    const parsed = parseStoredConsent(
      stored({ settings: { ...ACCEPTED_CONSENT_SETTINGS, marketing: true } }),
      new Date("2026-04-01T00:00:00Z"),
    );
    expect(parsed?.settings).toEqual(ACCEPTED_CONSENT_SETTINGS);
  });
});

// ADR 0030: the inline script that hides the prerendered banner before the first paint.
describe("STORED_CONSENT_MARK_SCRIPT", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function runMarkScript(raw: string | null, now: string): string | undefined {
    vi.useFakeTimers({ now: new Date(now) });
    const dataset: Record<string, string> = {};
    const localStorage = { getItem: () => raw };
    new Function("localStorage", "document", STORED_CONSENT_MARK_SCRIPT)(localStorage, {
      documentElement: { dataset },
    });
    return dataset.consent;
  }

  it("marks a version-1 choice within its 12 months", () => {
    expect(runMarkScript(stored({}), "2027-03-15T09:29:00Z")).toBe("stored");
  });

  it.each([
    ["no choice", null, "2026-04-01T00:00:00Z"],
    ["an expired choice", stored({}), "2027-03-15T09:31:00Z"],
    ["another version", stored({ version: 2 }), "2026-04-01T00:00:00Z"],
    ["unreadable text", "{", "2026-04-01T00:00:00Z"],
  ])("leaves %s unmarked, so the banner shows", (_case, raw, now) => {
    expect(runMarkScript(raw, now)).toBeUndefined();
  });
});
