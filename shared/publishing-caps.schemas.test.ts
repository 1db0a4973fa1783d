import { describe, expect, it } from "vitest";
import { PublishingCapsFormSchema, toPublishingCapsForm } from "./publishing-caps.schemas.ts";
import { CAP_INVALID_MESSAGE, highestCap, NO_PUBLISHING_CAPS } from "./publishing-caps.ts";

// The caps panel's form (ADR 0053, "Kontingent je Plan"): empty is no cap, 0 turns a network off.
describe("PublishingCapsFormSchema", () => {
  const form = (x: string) => ({
    ...toPublishingCapsForm(NO_PUBLISHING_CAPS),
    free: { x, linkedin: "", bluesky: " ", facebook: "", instagram: "", threads: "", mastodon: "" },
  });

  it("reads empty as no cap and digits as the cap", () => {
    expect(PublishingCapsFormSchema.parse(form("0")).free).toEqual({
      x: 0,
      linkedin: null,
      bluesky: null,
      facebook: null,
      instagram: null,
      threads: null,
      mastodon: null,
    });
    expect(PublishingCapsFormSchema.parse(form(" 250 ")).free.x).toBe(250);
  });

  it("refuses what is no whole number from 0 to 1,000,000 with the German message", () => {
    for (const bad of ["1,5", "-1", "1e3", "1000001", "viele"]) {
      const result = PublishingCapsFormSchema.safeParse(form(bad));
      expect(result.error?.issues[0]?.message).toBe(CAP_INVALID_MESSAGE);
    }
  });
});

describe("highestCap", () => {
  it("is the largest cap of the plans, and none when any plan has none", () => {
    expect(highestCap([0, 100, 20])).toBe(100);
    expect(highestCap([0, null])).toBeNull();
    expect(highestCap([0])).toBe(0);
  });
});
