import os from "node:os";
import pLimit from "p-limit";
import { IMAGE_MAX_PIXELS } from "#shared/generator.ts";

// Image bytes for the social-images bucket (docs/design.md, ADR 0013): the type comes
// from the bytes, never from a name or a declared media type, and metadata (EXIF with GPS
// position, camera serial, XMP, IPTC, comments) is removed before anything is stored.

export type ImageType = "jpeg" | "png" | "webp" | "gif";

export const IMAGE_EXTENSIONS: Record<ImageType, string> = { jpeg: "jpg", png: "png", webp: "webp", gif: "gif" };
export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
};

// sharp and its libvips take ~10 MB; loaded with the first upload, not by every server at start.
// ADR 0050: one libvips thread per image (the default is one per core, so two images took every
// core from the event loop), and no operation cache (it kept up to 50 MB of decoded images that
// are never asked for again: each upload is re-encoded once).
let sharpLoaded: Promise<typeof import("sharp").default> | null = null;
export const loadSharp = () => {
  sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** JPEG, PNG or WEBP by magic number; anything else (GIF, SVG, HTML, a renamed file) is null. */
export function detectImageType(bytes: Uint8Array): Exclude<ImageType, "gif"> | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  return null;
}

/** The composer's images (ADR 0086): what detectImageType takes, and GIF. */
export function detectMediaType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) return "gif";
  return detectImageType(bytes);
}

export class InvalidImageError extends Error {
  constructor(reason: string) {
    super(`Ungültige Bilddatei: ${reason}`);
    this.name = "InvalidImageError";
  }
}

/**
 * Width and height from the file's header, without decoding a pixel, so an image made to
 * explode when decoded (a few hundred KB for 16383 × 16383 pixels) is refused before any
 * work (ADR 0020). null when the header cannot be read.
 */
export async function readImageSize(bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
  const sharp = await loadSharp();
  try {
    // limitInputPixels off for the header only: sharp's own default limit would make any
    // larger image look unreadable instead of too large. Nothing is decoded here.
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

export function exceedsPixelLimit(size: { width: number; height: number }): boolean {
  return size.width * size.height > IMAGE_MAX_PIXELS;
}

// Decoding a 40-megapixel image takes about 160 MB; two at a time bound the memory and leave
// a core for everybody else. Further uploads wait their turn (ADR 0020). On a machine with two
// cores that is one at a time, or no core would be left for the event loop (ADR 0050).
export const REENCODE_CONCURRENCY = Math.min(2, Math.max(1, os.availableParallelism() - 1));
const reencodeSlots = pLimit(REENCODE_CONCURRENCY);

export function countReencodesRunning(): number {
  return reencodeSlots.activeCount;
}

/**
 * The one place that rewrites an image before it is stored: sharp decodes and re-encodes it,
 * which drops every metadata block (EXIF with GPS position, XMP, IPTC, comments) and anything
 * hidden after or inside the container. `rotate()` applies the EXIF orientation first, so
 * phone photos stay upright without keeping EXIF. A file that does not decode is invalid.
 */
export function reencodeImage(bytes: Uint8Array, type: ImageType): Promise<Uint8Array> {
  return reencodeSlots(async () => {
    const sharp = await loadSharp();
    try {
      // limitInputPixels: sharp itself refuses a file whose header lied to readImageSize.
      const image = sharp(bytes, { failOn: "error", limitInputPixels: IMAGE_MAX_PIXELS, animated: type === "gif" });
      // A GIF keeps its frames and has no EXIF orientation to apply.
      const output = await (type === "gif" ? image : image.rotate()).toFormat(type).toBuffer();
      return new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
    } catch (error) {
      throw new InvalidImageError(error instanceof Error ? error.message : "nicht lesbar");
    }
  });
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}
