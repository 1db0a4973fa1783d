import { describe, expect, it } from "vitest";
import { NOT_FOUND_MESSAGE } from "#server/api-error.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";

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
