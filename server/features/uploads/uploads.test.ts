import { describe, expect, it } from "vitest";
import { NOT_FOUND_MESSAGE } from "#server/api-error.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { IMAGE_LINK_LIFETIME_MS, signedImageUrl } from "./signed-image-links.ts";

setUpTestApp();

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("GET /uploads/social-images/:name", () => {
  it("serves a stored image as an image only", async () => {
    const { publicUrl } = await t.deps.imageStorage.save(PNG, "png");
    const response = await t.request(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });

  it.each([
    ["a name that was never handed out", "1700000000000-0123456789abcdef.png"],
    ["a name that is not ours", "..%2Fsecret.txt"],
  ])("answers 404 with a code for %s (ADR 0055)", async (_case, name) => {
    const response = await t.request(`/uploads/social-images/${name}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
  });
});

describe("GET /uploads/signed/… (ADR 0097: the link Meta fetches a post's image from)", () => {
  const linkOf = (url: string) => new URL(url).pathname;

  it("opens exactly the one image it was signed for, until it expires", async () => {
    const { name } = await t.deps.imageStorage.save(PNG, "png");
    const now = new Date();
    const link = linkOf(signedImageUrl(t.deps, name, now));
    const response = await t.request(link);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);

    const expired = linkOf(signedImageUrl(t.deps, name, new Date(now.getTime() - IMAGE_LINK_LIFETIME_MS - 1_000)));
    const gone = await t.request(expired);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({ error: "Dieser Bildlink ist abgelaufen.", code: "IMAGE_LINK_EXPIRED" });
  });

  it("opens no other image with the same signature, nor with a later expiry", async () => {
    const first = await t.deps.imageStorage.save(PNG, "png");
    const other = await t.deps.imageStorage.save(PNG, "png");
    const link = linkOf(signedImageUrl(t.deps, first.name));
    const [, , , expires, signature] = link.split("/");
    const forOther = await t.request(`/uploads/signed/${expires}/${signature}/${other.name}`);
    expect(forOther.status).toBe(404);
    const later = await t.request(`/uploads/signed/${Number(expires) + 3600}/${signature}/${first.name}`);
    expect(later.status).toBe(404);
    const unsigned = await t.request(`/uploads/signed/${expires}/x/${first.name}`);
    expect(unsigned.status).toBe(404);
  });
});
