import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectImageType, InvalidImageError, reencodeImage } from "./image-files.ts";
import {
  createLocalImageStorage,
  type ImageStorage,
  imageNameFromPublicUrl,
  SOCIAL_IMAGES_PUBLIC_PATH,
} from "./image-storage.ts";

// Real images, made with the same library that re-encodes uploads.
function buildImage(format: "jpeg" | "png" | "webp", width = 4, height = 2) {
  return sharp({ create: { width, height, channels: 3, background: "#4f46e5" } })
    .toFormat(format)
    .toBuffer();
}

// A phone photo: 4x2 pixels stored sideways (EXIF orientation 6) with a GPS-like comment.
function buildPhotoWithMetadata() {
  return sharp({ create: { width: 4, height: 2, channels: 3, background: "#4f46e5" } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Geheimer Ort 52.52N 13.40E" } } })
    .toBuffer();
}

const includes = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, "latin1"));

describe("detectImageType", () => {
  it("recognises JPEG, PNG and WEBP by their bytes", async () => {
    expect(detectImageType(await buildImage("jpeg"))).toBe("jpeg");
    expect(detectImageType(await buildImage("png"))).toBe("png");
    expect(detectImageType(await buildImage("webp"))).toBe("webp");
  });

  it.each([
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00", "latin1")],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ["HTML", Buffer.from("<!doctype html><script>alert(1)</script>")],
    ["a PDF", Buffer.from("%PDF-1.7")],
    ["a RIFF that is no WEBP (WAV)", Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt ", "latin1")],
    ["nothing", Buffer.alloc(0)],
  ])("refuses %s whatever its name says", (_name, bytes) => {
    expect(detectImageType(bytes)).toBeNull();
  });
});

describe("reencodeImage", () => {
  it("removes EXIF from a photo and turns it upright instead of keeping the orientation tag", async () => {
    const photo = await buildPhotoWithMetadata();
    expect(includes(photo, "Geheimer Ort")).toBe(true);
    const output = await reencodeImage(photo, "jpeg");
    expect(includes(output, "Geheimer Ort")).toBe(false);
    const metadata = await sharp(output).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([2, 4]);
    expect(detectImageType(output)).toBe("jpeg");
  });

  it.each(["png", "webp"] as const)("keeps a %s a %s of the same size", async (format) => {
    const output = await reencodeImage(await buildImage(format, 5, 3), format);
    expect(detectImageType(output)).toBe(format);
    const metadata = await sharp(output).metadata();
    expect([metadata.width, metadata.height]).toEqual([5, 3]);
  });

  it("refuses files whose structure is broken", async () => {
    await expect(reencodeImage(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]), "jpeg")).rejects.toBeInstanceOf(
      InvalidImageError,
    );
    await expect(reencodeImage((await buildImage("png")).subarray(0, 30), "png")).rejects.toBeInstanceOf(
      InvalidImageError,
    );
    await expect(reencodeImage(Buffer.from("RIFF\xff\xff\x00\x00WEBP", "latin1"), "webp")).rejects.toBeInstanceOf(
      InvalidImageError,
    );
  });
});

describe("createLocalImageStorage", () => {
  let dataDir: string;
  let storage: ImageStorage;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "postwerk-storage-"));
    storage = createLocalImageStorage(dataDir);
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it("stores under a random timestamp name in data/uploads/social-images and reads it back", async () => {
    const bytes = await buildImage("png");
    const stored = await storage.save(bytes, "png");
    expect(stored.name).toMatch(/^\d{13}-[0-9a-f]{16}\.png$/);
    expect(stored.publicUrl).toBe(`${SOCIAL_IMAGES_PUBLIC_PATH}/${stored.name}`);
    expect(SOCIAL_IMAGES_PUBLIC_PATH).toBe("/uploads/social-images");
    const onDisk = await fs.readFile(path.join(dataDir, "uploads", "social-images", stored.name));
    expect(onDisk).toEqual(bytes);
    expect(await storage.read(stored.name)).toEqual({ bytes: onDisk, contentType: "image/png" });
    const opened = await storage.open(stored.name);
    expect([opened?.contentType, opened?.size]).toEqual(["image/png", bytes.length]);
    const streamed: Uint8Array[] = [];
    for await (const chunk of opened?.body ?? new ReadableStream()) streamed.push(chunk);
    expect(Buffer.concat(streamed)).toEqual(bytes);
    expect(imageNameFromPublicUrl(stored.publicUrl)).toBe(stored.name);
  });

  it("never gives two uploads the same name", async () => {
    const names = await Promise.all(
      Array.from({ length: 20 }, async () => storage.save(await buildImage("png"), "png")),
    );
    expect(new Set(names.map((stored) => stored.name)).size).toBe(20);
  });

  it("reads only names it hands out, so no path can escape the folder", async () => {
    await fs.writeFile(path.join(dataDir, "geheim.txt"), "geheim");
    for (const name of ["../geheim.txt", "../../etc/passwd", "geheim.txt", "1234567890123-0123456789abcdef.gif", ""]) {
      expect(await storage.read(name)).toBeNull();
    }
    expect(await storage.read("1234567890123-0123456789abcdef.png")).toBeNull();
    expect(await storage.open("1234567890123-0123456789abcdef.png")).toBeNull();
    expect(await storage.open("../geheim.txt")).toBeNull();
  });

  it("removes a stored image", async () => {
    const stored = await storage.save(await buildImage("png"), "png");
    await storage.remove(stored.name);
    expect(await storage.read(stored.name)).toBeNull();
    await expect(storage.remove(stored.name)).resolves.toBeUndefined();
  });
});
