import { describe, expect, it } from "vitest";
import { GenerateRequestSchema, refuseThreadOffX } from "./generator.schemas.ts";
import { GENERATOR_MESSAGES } from "./generator.ts";

// ADR 0065: the format of a generation request.
const RequestSchema = GenerateRequestSchema.superRefine(refuseThreadOffX);
const REQUEST = { platform: "twitter", keyPoints: "Zimtschnecken", tone: "friendly", language: "german" };

describe("the generation request's format", () => {
  it("is a single post when none is sent", () => {
    expect(RequestSchema.parse(REQUEST).format).toBe("post");
  });

  it("takes a thread for X", () => {
    expect(RequestSchema.parse({ ...REQUEST, format: "thread" }).format).toBe("thread");
  });

  it.each(["facebook", "instagram", "linkedin"])("refuses a thread for %s with the German message", (platform) => {
    const result = RequestSchema.safeParse({ ...REQUEST, platform, format: "thread" });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["format"], message: GENERATOR_MESSAGES.threadOnlyForX }),
    ]);
    expect(RequestSchema.parse({ ...REQUEST, platform, format: "post" }).format).toBe("post");
  });

  it("refuses an unknown format", () => {
    expect(RequestSchema.safeParse({ ...REQUEST, format: "carousel" }).error?.issues[0]?.message).toBe(
      GENERATOR_MESSAGES.formatInvalid,
    );
  });
});
