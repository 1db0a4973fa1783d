import { describe, expect, it } from "vitest";
import { GENERATOR_MESSAGES, IMAGE_MAX_BYTES } from "#shared/generator.ts";
import { pngDataUrl } from "../../../tests/support/images.ts";
import {
  GENERATE_FIELDS_MAX_BYTES,
  GenerateBodyParser,
  GenerateBodyRefused,
  readGenerateBody,
} from "./generate-body.ts";

// ADR 0057: the body of /generate is read as it arrives. The data URL never becomes one string;
// it is decoded piece by piece, refused as early as its bytes allow, and never more than
// IMAGE_MAX_BYTES of it are kept.

const FORM = { platform: "twitter", keyPoints: "Zimtschnecken", tone: "friendly", language: "german" };
const PNG = Buffer.from(pngDataUrl().split(",")[1] ?? "", "base64");

/** Feeds `text` in pieces of `size` bytes, as a slow network would. */
function parseInPieces(text: string, size: number) {
  const parser = new GenerateBodyParser();
  const bytes = Buffer.from(text);
  for (let offset = 0; offset < bytes.length; offset += size) parser.push(bytes.subarray(offset, offset + size));
  return parser.end();
}

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof GenerateBodyRefused) return { reason: error.reason, message: error.message };
    throw error;
  }
  throw new Error("nicht abgelehnt");
}

/** A body of `total` bytes that counts what was pulled from it; its bytes come from `byteAt`. */
function countingBody(head: string, fill: string, total: number) {
  const counter = { pulled: 0 };
  const headBytes = Buffer.from(head);
  const fillBytes = Buffer.from(fill.repeat(Math.ceil(65_536 / fill.length)).slice(0, 65_536));
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        const piece = counter.pulled === 0 ? headBytes : fillBytes;
        counter.pulled += piece.length;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, counter };
}

describe("the streamed body of /api/generator/generate", () => {
  it.each([1, 3, 7, 1024])("gives the same fields and image bytes in pieces of %i bytes", (size) => {
    const body = JSON.stringify({ ...FORM, imageData: pngDataUrl(), website: "https://shop.example/" });
    const { fields, image } = parseInPieces(body, size);
    expect(fields).toEqual({ ...FORM, imageData: null, website: "https://shop.example/" });
    expect(image?.mediaType).toBe("image/png");
    expect(Buffer.compare(image?.bytes ?? Buffer.alloc(0), PNG)).toBe(0);
  });

  it("finds imageData wherever it stands, with spaces and escaped slashes, and only at the top level", () => {
    const dataUrl = pngDataUrl().replaceAll("/", "\\/");
    const body = `{ "keyPoints" : "Text mit \\"imageData\\": \\"x\\"", "nested": {"imageData": "data:x"}, "imageData" :\n "${dataUrl}" }`;
    const { fields, image } = parseInPieces(body, 5);
    expect(fields).toEqual({
      keyPoints: 'Text mit "imageData": "x"',
      nested: { imageData: "data:x" },
      imageData: null,
    });
    expect(Buffer.compare(image?.bytes ?? Buffer.alloc(0), PNG)).toBe(0);
  });

  it("leaves a body without an image, or with imageData null, to JSON.parse alone", () => {
    expect(parseInPieces(JSON.stringify(FORM), 4)).toEqual({ fields: FORM, image: null });
    expect(parseInPieces(JSON.stringify({ ...FORM, imageData: null }), 4).image).toBeNull();
  });

  it.each([
    ["a GIF", "data:image/gif;base64,R0lGODlhAQABAAAAACw="],
    ["a GIF's bytes called PNG", "data:image/png;base64,R0lGODlhAQABAAAAACw="],
    ["no data URL", "nicht base64"],
    ["characters outside base64", `${pngDataUrl()}*`],
    ["padding in the middle", `${pngDataUrl().slice(0, 40)}=A${pngDataUrl().slice(40)}`],
    ["an escape other than \\/", `${pngDataUrl().slice(0, 40)}\\n${pngDataUrl().slice(40)}`],
  ])("refuses %s with the spec's message", (_case, dataUrl) => {
    const body = `{"imageData":${JSON.stringify(dataUrl).replace("\\\\n", "\\n")}}`;
    expect(refusal(() => parseInPieces(body, 8))).toEqual({ reason: "image", message: GENERATOR_MESSAGES.imageType });
  });

  it("refuses two data URLs in one body", () => {
    const body = `{"imageData":"${pngDataUrl()}","imageData":"${pngDataUrl()}"}`;
    expect(refusal(() => parseInPieces(body, 64)).reason).toBe("image");
  });

  it("refuses a body that is no JSON or breaks off inside the data URL", () => {
    expect(refusal(() => parseInPieces(`{"keyPoints": }`, 4)).reason).toBe("invalid-json");
    expect(refusal(() => parseInPieces(`{"imageData":"${pngDataUrl().slice(0, 50)}`, 4)).reason).toBe("invalid-json");
  });

  it("keeps at most 64 KiB of fields beside the image", () => {
    const body = JSON.stringify({ ...FORM, keyPoints: "x".repeat(GENERATE_FIELDS_MAX_BYTES) });
    expect(refusal(() => parseInPieces(body, 4096)).reason).toBe("fields-too-large");
  });

  it("refuses a GIF after its first bytes, without pulling the rest of a 13 MB body", async () => {
    const { body, counter } = countingBody('{"imageData":"data:image/gif;base64,R0lGODlh', "A", 13_000_000);
    await expect(readGenerateBody(body)).rejects.toThrow(GENERATOR_MESSAGES.imageType);
    expect(counter.pulled).toBeLessThan(100_000);
  });

  it("stops an endless data URL one piece past IMAGE_MAX_BYTES: no body is held beyond it", async () => {
    const png = PNG.subarray(0, 12).toString("base64");
    const { body, counter } = countingBody(
      `{"imageData":"data:image/png;base64,${png}`,
      "AAAA",
      Number.POSITIVE_INFINITY,
    );
    await expect(readGenerateBody(body)).rejects.toThrow(GENERATOR_MESSAGES.imageTooLarge);
    expect(counter.pulled).toBeGreaterThan((IMAGE_MAX_BYTES * 4) / 3);
    expect(counter.pulled).toBeLessThan((IMAGE_MAX_BYTES * 4) / 3 + 2 * 65_536);
  });
});
