import { afterEach, describe, expect, it, vi } from "vitest";
import { loadSharp } from "#server/integrations/storage/image-files.ts";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";
import { FORM, signUpAs, withGeneratorTestApp } from "../../../tests/support/generator-app.ts";
import { noisyJpeg } from "../../../tests/support/images.ts";
import { GENERATE_FIELDS_MAX_BYTES, GenerateBodyParser } from "./generate-body.ts";

// ADR 0082: the body of an upload is parsed and its data URL decoded in a worker thread. The
// thread loads generate-body.ts as a module of its own, so a spy on the parser here sees only
// what the main thread parses: nothing, for a body that may carry an image.

const generator = withGeneratorTestApp();
afterEach(() => vi.restoreAllMocks());

/** The request as a browser sends it, Content-Length included. */
function postGenerate(cookie: string, body: string) {
  return generator.t.request("/api/generator/generate", {
    method: "POST",
    body,
    cookie,
    headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
  });
}

describe("the body of POST /api/generator/generate in a worker thread", () => {
  it("decodes a large upload off the event loop and stores the image the body carried", async () => {
    const { cookie, userId } = await signUpAs(generator.t);
    const jpeg = await noisyJpeg(1200, 900);
    expect(jpeg.length).toBeGreaterThan(1024 * 1024);
    const onMainThread = vi.spyOn(GenerateBodyParser.prototype, "push");
    const response = await postGenerate(
      cookie,
      JSON.stringify({ ...FORM, imageData: `data:image/jpeg;base64,${jpeg.toString("base64")}` }),
    );
    expect(response.status).toBe(200);
    const events = await generator.readEvents(response);
    expect(events.at(-1)?.type).toBe("done");
    expect(onMainThread).not.toHaveBeenCalled();
    const [entry] = await generator.archiveOf(userId);
    expect(entry?.imageUrl).toMatch(/^\/uploads\/social-images\/.+\.jpg$/);
    // The stored file is the re-encoded upload: same picture, same size.
    const stored = await generator.t.request(entry?.imageUrl ?? "");
    const sharp = await loadSharp();
    const { width, height } = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 900 });
  });

  it("refuses broken base64 in a large body with the German 400, before charging", async () => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 1 });
    const storedBefore = await generator.storedImageNames();
    const jpeg = await noisyJpeg(1200, 900);
    const base64 = jpeg.toString("base64");
    // A character that is no base64, deep inside the data URL.
    const broken = `${base64.slice(0, 600_000)}*${base64.slice(600_001)}`;
    const response = await postGenerate(
      cookie,
      JSON.stringify({ ...FORM, imageData: `data:image/jpeg;base64,${broken}` }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toEqual({ error: GENERATOR_MESSAGES.imageType, code: "INVALID_INPUT" });
    expect(await generator.creditsOf(userId)).toBe(1);
    expect(await generator.storedImageNames()).toEqual(storedBefore);
  });

  it("parses a body that declares no more than the fields' limit on the event loop, without the hop", async () => {
    const { cookie } = await signUpAs(generator.t);
    const onMainThread = vi.spyOn(GenerateBodyParser.prototype, "push");
    const body = JSON.stringify(FORM);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(GENERATE_FIELDS_MAX_BYTES);
    const response = await postGenerate(cookie, body);
    expect(response.status).toBe(200);
    expect((await generator.readEvents(response)).at(-1)?.type).toBe("done");
    expect(onMainThread).toHaveBeenCalled();
  });
});
