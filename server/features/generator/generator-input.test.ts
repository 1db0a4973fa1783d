import { afterEach, describe, expect, it, vi } from "vitest";
import { REQUEST_TOO_LARGE_MESSAGE } from "#server/body-limits.ts";
import { loadSharp } from "#server/integrations/storage/image-files.ts";
import { GENERATOR_MESSAGES, WEBSITE_MESSAGES } from "#shared/generator.ts";
import { INVALID_CHARACTERS_MESSAGE } from "#shared/text.schemas.ts";
import { FORM, signUpAs, withGeneratorTestApp } from "../../../tests/support/generator-app.ts";
import { pngDataUrl, webpBomb } from "../../../tests/support/images.ts";
import { GENERATE_FIELDS_MAX_BYTES } from "./generate-body.ts";

const generator = withGeneratorTestApp();
afterEach(() => vi.restoreAllMocks());

describe("POST /api/generator/generate: the form, the image and the website", () => {
  describe("refuses bad input with 400 before charging", () => {
    it.each([
      [{ ...FORM, keyPoints: "   " }, "Bitte geben Sie Ihre Schlüsselwörter ein"],
      [{ ...FORM, keyPoints: undefined }, "Bitte geben Sie Ihre Schlüsselwörter ein"],
      [{ ...FORM, keyPoints: "Zimtschnecken \ud800" }, INVALID_CHARACTERS_MESSAGE],
      [{ ...FORM, keyPoints: "Zimt\u0000schnecken" }, INVALID_CHARACTERS_MESSAGE],
      [{ ...FORM, platform: "myspace" }, GENERATOR_MESSAGES.platformInvalid],
      [{ ...FORM, tone: "professional" }, GENERATOR_MESSAGES.toneInvalid],
      [{ ...FORM, language: "latin" }, GENERATOR_MESSAGES.languageInvalid],
      [{ ...FORM, website: "ftp://shop.example/" }, GENERATOR_MESSAGES.websiteInvalid],
      [{ ...FORM, website: "kein link" }, GENERATOR_MESSAGES.websiteInvalid],
      [
        { ...FORM, imageData: "data:image/gif;base64,R0lGODlhAQABAAAAACw=" },
        "Nur JPEG, PNG und WEBP Bilder sind erlaubt",
      ],
      // A GIF's bytes sent as PNG: the bytes decide.
      [
        { ...FORM, imageData: "data:image/png;base64,R0lGODlhAQABAAAAACw=" },
        "Nur JPEG, PNG und WEBP Bilder sind erlaubt",
      ],
      [
        { ...FORM, imageData: `data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}` },
        "Nur JPEG, PNG und WEBP Bilder sind erlaubt",
      ],
      [{ ...FORM, imageData: "nicht base64" }, "Nur JPEG, PNG und WEBP Bilder sind erlaubt"],
    ])("%o", async (body, message) => {
      const { cookie, userId } = await signUpAs(generator.t, { credits: 1 });
      const { response } = await generator.generate(cookie, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message, code: "INVALID_INPUT" });
      expect(await generator.creditsOf(userId)).toBe(1);
      expect(generator.fake.requests).toHaveLength(0);
    });

    it("an image over 10 MB", async () => {
      const { cookie } = await signUpAs(generator.t, { credits: 1 });
      const big = Buffer.alloc(10 * 1024 * 1024 + 1);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const { response } = await generator.generate(cookie, {
        ...FORM,
        imageData: `data:image/png;base64,${big.toString("base64")}`,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Bildgröße muss kleiner als 10MB sein", code: "INVALID_INPUT" });
    });

    it("fields over their limit, with 413", async () => {
      const { cookie, userId } = await signUpAs(generator.t, { credits: 1 });
      const { response } = await generator.generate(cookie, {
        ...FORM,
        keyPoints: "x".repeat(GENERATE_FIELDS_MAX_BYTES),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: REQUEST_TOO_LARGE_MESSAGE, code: "REQUEST_TOO_LARGE" });
      expect(await generator.creditsOf(userId)).toBe(1);
    });
  });

  it.each([
    [
      "the decompression bomb (16383 × 16383 WebP)",
      async () => `data:image/webp;base64,${(await webpBomb()).toString("base64")}`,
    ],
    ["a PNG of 20000 × 20000 pixels", async () => pngDataUrl({ width: 20_000, height: 20_000 })],
    ["a PNG just above 40 megapixels", async () => pngDataUrl({ width: 8000, height: 5001 })],
  ])("refuses %s from its header with 400, before charging or storing anything", async (_case, makeImage) => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 1 });
    const imageData = await makeImage();
    // sharp decodes only in toBuffer (reencodeImage); the header is read by metadata() (ADR 0020).
    const decodes = vi.spyOn((await loadSharp()).prototype, "toBuffer");
    const { response } = await generator.generate(cookie, { ...FORM, imageData });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: GENERATOR_MESSAGES.imageTooManyPixels, code: "INVALID_INPUT" });
    expect(await generator.creditsOf(userId)).toBe(1);
    expect(await generator.archiveOf(userId)).toHaveLength(0);
    expect(generator.fake.requests).toHaveLength(0);
    expect(await generator.storedImageNames()).toEqual([]);
    expect(decodes).not.toHaveBeenCalled();
  });

  it("stores the image without metadata under a random name, serves it and sends it to a vision model", async () => {
    const { cookie, userId } = await signUpAs(generator.t);
    // The same server with the model's image input switched on.
    const vision = await generator.t.restartWith({ env: { AI_VISION: "on" } });
    const { last } = await generator.generateEvents(cookie, { ...FORM, imageData: pngDataUrl() }, vision);
    expect(last?.type).toBe("done");
    const [entry] = await generator.archiveOf(userId);
    expect(entry?.imageUrl).toMatch(/^\/uploads\/social-images\/\d{13}-[0-9a-f]{16}\.png$/);
    const image = await generator.t.request(entry?.imageUrl ?? "");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.includes(Buffer.from("GPS"))).toBe(false);
    expect(generator.fake.requests[0]?.messages[1]?.content).toContain("image_url");
    expect(generator.fake.requests[0]?.messages[1]?.content).toContain("data:image/png;base64,");
    // The model gets the re-encoded copy too: no GPS position leaves the server.
    const sentToModel = /data:image\/png;base64,([A-Za-z0-9+/=]+)/.exec(
      JSON.stringify(generator.fake.requests[0]?.messages[1]?.content),
    )?.[1];
    expect(Buffer.from(sentToModel ?? "", "base64").includes(Buffer.from("GPS"))).toBe(false);
  });

  it("keeps the image out of the prompt for a model without vision", async () => {
    const { cookie, userId } = await signUpAs(generator.t);
    const { last } = await generator.generateEvents(cookie, { ...FORM, imageData: pngDataUrl() });
    expect(last?.type).toBe("done");
    expect(generator.fake.requests[0]?.messages[1]?.content).not.toContain("image_url");
    expect(generator.fake.requests[0]?.messages[1]?.content).toContain("Es ist kein Bild beigefügt.");
    expect((await generator.archiveOf(userId))[0]?.imageUrl).toMatch(/^\/uploads\/social-images\//);
  });

  it("puts the website's title, description and text into the prompt", async () => {
    const { cookie, userId } = await signUpAs(generator.t);
    const website = `http://shop.example:${generator.sitePort}/`;
    const { last } = await generator.generateEvents(cookie, { ...FORM, website });
    expect(last?.type).toBe("done");
    const prompt = generator.fake.requests[0]?.messages[1]?.content ?? "";
    expect(prompt).toContain("Titel: Bäckerei Sonnenschein");
    expect(prompt).toContain("Beschreibung: Brot aus Köln");
    expect(prompt).toContain("Seit 1952 backen wir mit Sauerteig.");
    expect((await generator.archiveOf(userId))[0]?.website).toBe(website);
  });

  it.each([
    ["a private address", "http://intranet.example/"],
    ["loopback", `http://[::1]:PORT/`],
    ["a redirect into a private address", "http://shop.example:PORT/to-intranet"],
  ])("refuses a website on %s, refunds and never calls the model", async (_name, website) => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 5 });
    const { last } = await generator.generateEvents(cookie, {
      ...FORM,
      website: website.replace("PORT", String(generator.sitePort)),
    });
    expect(last).toEqual({ type: "error", message: WEBSITE_MESSAGES.notAllowed, creditsRemaining: 5 });
    expect(generator.fake.requests).toHaveLength(0);
    expect(await generator.creditsOf(userId)).toBe(5);
  });
});
