import zlib from "node:zlib";
import sharp from "sharp";

// Image files the tests send to the generator, made here so no test needs a fixture file.

/** A PNG whose header claims `width` × `height` pixels (its data is one pixel), with a GPS text chunk to strip. */
export function pngDataUrl(size = { width: 1, height: 1 }): string {
  const chunk = (type: string, data: Uint8Array) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size.width, 0);
  header.writeUInt32BE(size.height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("tEXt", Buffer.from("GPS\0Köln 50.93 6.96", "latin1")),
    chunk("IDAT", zlib.deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk("IEND", new Uint8Array()),
  ]);
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** The decompression bomb of ADR 0020: a lossless WebP of a few bytes whose header says 16383 × 16383. */
export async function webpBomb(): Promise<Buffer> {
  const webp = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
    .webp({ lossless: true })
    .toBuffer();
  // VP8L: signature byte 0x2f at offset 20, then 14 bits width - 1 and 14 bits height - 1.
  if (webp.toString("latin1", 12, 16) !== "VP8L") throw new Error("sharp schrieb kein verlustfreies WebP");
  const bits = webp.readUInt32LE(21);
  webp.writeUInt32LE(((bits & ~0x0fffffff) | 16382 | (16382 << 14)) >>> 0, 21);
  return webp;
}

/** A JPEG of the given size, for work that has to decode something real. */
export function jpegOfSize(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c33" } })
    .jpeg()
    .toBuffer();
}

/** A small GIF, for the composer's upload (ADR 0086). */
export function smallGif(): Promise<Buffer<ArrayBuffer>> {
  return sharp({ create: { width: 4, height: 3, channels: 3, background: "#f00" } })
    .gif()
    .toBuffer() as Promise<Buffer<ArrayBuffer>>;
}
