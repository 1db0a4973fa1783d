import { describe, expect, it } from "vitest";
import { IMAGE_ALT_MAX, MEDIA_MESSAGES } from "./media.ts";
import { CreatePostsSchema, CreateThreadSchema, PostImageSchema } from "./publishing.schemas.ts";

// A post's image (ADR 0086): a URL the storage handed out, and a description of at most 1,000
// characters (X's limit; Bluesky takes 2,000).

const URL = "/uploads/social-images/1764288000000-0123456789abcdef.png";
const ACCOUNT = "0b6f2f7e-8a34-4c5e-9d0a-3f1e2d4c5b6a";

describe("PostImageSchema", () => {
  it("takes a stored image's URL with a description, trimmed, and an empty one", () => {
    expect(PostImageSchema.parse({ url: URL, alt: "  Ein Hafen  " })).toEqual({ url: URL, alt: "Ein Hafen" });
    expect(PostImageSchema.parse({ url: URL, alt: "" })).toEqual({ url: URL, alt: "" });
    expect(PostImageSchema.safeParse({ url: URL.replace(".png", ".gif"), alt: "" }).success).toBe(true);
  });

  it(`refuses a description above ${IMAGE_ALT_MAX} characters with the German message`, () => {
    expect(PostImageSchema.safeParse({ url: URL, alt: "a".repeat(IMAGE_ALT_MAX) }).success).toBe(true);
    const result = PostImageSchema.safeParse({ url: URL, alt: "a".repeat(IMAGE_ALT_MAX + 1) });
    expect(result.error?.issues[0]?.message).toBe(MEDIA_MESSAGES.altTooLong);
  });

  it.each([
    ["another site's image", "https://example.com/a.png"],
    ["a path outside the bucket", "/uploads/social-images/../db/secret.png"],
    ["a name the storage never hands out", "/uploads/social-images/urlaub.png"],
  ])("refuses %s", (_case, url) => {
    const result = PostImageSchema.safeParse({ url, alt: "" });
    expect(result.error?.issues[0]?.message).toBe(MEDIA_MESSAGES.imageNotFound);
  });
});

describe("posts and threads with an image", () => {
  it("both take an optional image", () => {
    const image = { url: URL, alt: "Bild" };
    expect(CreatePostsSchema.parse({ targets: [{ accountId: ACCOUNT, text: "Hallo" }], image }).image).toEqual(image);
    expect(CreateThreadSchema.parse({ accountId: ACCOUNT, posts: ["a", "b"], image }).image).toEqual(image);
    expect(CreatePostsSchema.parse({ targets: [{ accountId: ACCOUNT, text: "Hallo" }] }).image).toBeUndefined();
  });
});
