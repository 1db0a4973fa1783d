import { detectImageType } from "#server/integrations/storage/image-files.ts";
import { isAcceptedImageMediaType } from "#shared/generator.schemas.ts";
import { GENERATOR_MESSAGES, IMAGE_MAX_BYTES } from "#shared/generator.ts";

// The body of POST /api/generator/generate, read as it arrives (ADR 0057). The wire format stays
// the spec's JSON with `imageData` as a base64 data URL (spec section 3), but its 13 MB of text
// never become one string: the data URL is decoded piece by piece into a buffer of at most
// IMAGE_MAX_BYTES, its type and size are checked while it arrives (a GIF is refused after its
// first bytes, an oversized file at the byte past the limit), and the rest of the body, with
// `null` in place of the data URL, is small enough for JSON.parse and the schema.

/** The fields beside the image: key points, website and a few names fit many times over. */
export const GENERATE_FIELDS_MAX_BYTES = 64 * 1024;

export type UploadedImage = { bytes: Buffer; mediaType: string };

/** Why a body was not read to its end; `message` is the German answer for a refused image. */
export class GenerateBodyRefused extends Error {
  readonly reason: "invalid-json" | "fields-too-large" | "image";

  constructor(reason: GenerateBodyRefused["reason"], message: string = reason) {
    super(message);
    this.name = "GenerateBodyRefused";
    this.reason = reason;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const IMAGE_KEY = "imageData";
/** `data:image/webp;base64` and a little room: a longer head is no image we accept. */
const DATA_URL_HEAD_MAX = 64;
const DATA_URL_HEAD = /^data:(image\/[a-z0-9.+-]+);base64$/;
const NOT_PADDING = /[^=]/;
const NULL_JSON = Buffer.from("null");

const refuseImage = (message: string) => new GenerateBodyRefused("image", message);

/** The data URL's text in, the file's bytes out; refuses as early as the text allows. */
class DataUrlDecoder {
  private head = "";
  private mediaType: string | null = null;
  // Allocated, not written: only the pages the image fills become resident memory.
  private readonly buffer = Buffer.allocUnsafe(IMAGE_MAX_BYTES + 2);
  private length = 0;
  private carry = "";
  private padding = 0;
  private typeChecked = false;

  write(text: string) {
    if (this.mediaType === null) {
      const comma = text.indexOf(",");
      this.head += comma === -1 ? text : text.slice(0, comma);
      if (this.head.length > DATA_URL_HEAD_MAX) throw refuseImage(GENERATOR_MESSAGES.imageType);
      if (comma === -1) return;
      const mediaType = DATA_URL_HEAD.exec(this.head)?.[1];
      if (!mediaType || !isAcceptedImageMediaType(mediaType)) throw refuseImage(GENERATOR_MESSAGES.imageType);
      this.mediaType = mediaType;
      text = text.slice(comma + 1);
    }
    // "=" only at the end, at most two.
    const firstPadding = this.padding > 0 ? 0 : text.indexOf("=");
    if (firstPadding !== -1) {
      const padding = text.slice(firstPadding);
      this.padding += padding.length;
      if (NOT_PADDING.test(padding) || this.padding > 2) throw refuseImage(GENERATOR_MESSAGES.imageType);
    }
    const pending = this.carry + text;
    const whole = pending.length - (pending.length % 4);
    this.decode(pending.slice(0, whole));
    this.carry = pending.slice(whole);
  }

  finish(): UploadedImage {
    if (this.mediaType === null) throw refuseImage(GENERATOR_MESSAGES.imageType);
    this.decode(this.carry);
    if (detectImageType(this.bytes()) === null) throw refuseImage(GENERATOR_MESSAGES.imageType);
    return { bytes: this.bytes(), mediaType: this.mediaType };
  }

  private decode(base64: string) {
    // Four characters are at most three bytes; padding makes them fewer, never more.
    if (this.length + Math.ceil(base64.length / 4) * 3 > this.buffer.length)
      throw refuseImage(GENERATOR_MESSAGES.imageTooLarge);
    const written = this.buffer.write(base64, this.length, "base64");
    // Buffer's decoder skips what is not base64 (a space, a "*"), so fewer bytes than the text's
    // length promises means the data URL held something else. Cheaper than a regular expression
    // over every character, which showed in the profile of the upload benchmark.
    const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
    if (written !== Math.floor(((base64.length - padding) * 3) / 4)) throw refuseImage(GENERATOR_MESSAGES.imageType);
    this.length += written;
    if (this.length > IMAGE_MAX_BYTES) throw refuseImage(GENERATOR_MESSAGES.imageTooLarge);
    // The bytes decide (DESIGN.md "Uploads"): twelve are all the magic numbers need.
    if (!this.typeChecked && this.length >= 12) {
      if (detectImageType(this.bytes()) === null) throw refuseImage(GENERATOR_MESSAGES.imageType);
      this.typeChecked = true;
    }
  }

  private bytes() {
    return this.buffer.subarray(0, this.length);
  }
}

/**
 * Takes the body chunk by chunk. The JSON's structure is followed only as far as needed to find
 * the top-level `imageData` string (strings, escapes, nesting, keys); whether the whole is valid
 * JSON is left to JSON.parse, which sees every byte except the data URL's.
 */
export class GenerateBodyParser {
  private readonly fields: Buffer[] = [];
  private fieldBytes = 0;
  private image: DataUrlDecoder | null = null;
  private inString = false;
  private escaped = false;
  private depth = 0;
  private expectingKey = false;
  /** The key being read at the top level, while it can still be "imageData". */
  private key: number[] | null = null;
  private lastKey = "";
  private awaitingImage = false;
  private inImage = false;
  private imageEscaped = false;

  push(chunk: Uint8Array) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let kept = 0;
    let index = 0;
    while (index < bytes.length) {
      if (this.inImage) {
        index = this.pushImage(bytes, index);
        kept = index;
        continue;
      }
      const byte = bytes[index] as number;
      if (this.awaitingImage && byte === QUOTE) {
        this.keep(bytes.subarray(kept, index));
        this.keep(NULL_JSON);
        this.startImage();
        index += 1;
        kept = index;
        continue;
      }
      this.lex(byte);
      index += 1;
    }
    this.keep(bytes.subarray(kept));
  }

  /** The parsed fields (with `imageData: null` where the image stood) and the image's bytes. */
  end(): { fields: unknown; image: UploadedImage | null } {
    if (this.inImage || this.inString) throw new GenerateBodyRefused("invalid-json");
    const image = this.image?.finish() ?? null;
    try {
      return { fields: JSON.parse(Buffer.concat(this.fields).toString("utf8")), image };
    } catch {
      throw new GenerateBodyRefused("invalid-json");
    }
  }

  private startImage() {
    // Two data URLs in one body: JSON.parse would keep the last, we would hold both.
    if (this.image) throw refuseImage(GENERATOR_MESSAGES.imageType);
    this.awaitingImage = false;
    this.image = new DataUrlDecoder();
    this.inImage = true;
  }

  /** Feeds the data URL up to its closing quote; returns where the JSON goes on. */
  private pushImage(bytes: Buffer, from: number): number {
    if (this.imageEscaped) {
      // JSON may write "/" as "\/"; no other escape belongs in a data URL.
      if (bytes[from] !== 0x2f) throw refuseImage(GENERATOR_MESSAGES.imageType);
      this.image?.write("/");
      this.imageEscaped = false;
      return from + 1;
    }
    const quote = bytes.indexOf(QUOTE, from);
    const backslash = bytes.indexOf(BACKSLASH, from);
    const end = Math.min(quote === -1 ? bytes.length : quote, backslash === -1 ? bytes.length : backslash);
    this.image?.write(bytes.toString("latin1", from, end));
    if (end === bytes.length) return end;
    if (end === backslash) this.imageEscaped = true;
    else this.inImage = false;
    return end + 1;
  }

  private lex(byte: number) {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (byte === BACKSLASH) {
        this.escaped = true;
        this.key = null;
      } else if (byte === QUOTE) {
        this.inString = false;
        if (this.key) this.lastKey = String.fromCharCode(...this.key);
        this.key = null;
      } else if (this.key && this.key.length < IMAGE_KEY.length) this.key.push(byte);
      else this.key = null;
      return;
    }
    if (this.awaitingImage && isWhitespace(byte)) return;
    this.awaitingImage = false;
    if (byte === QUOTE) {
      this.inString = true;
      this.key = this.depth === 1 && this.expectingKey ? [] : null;
      this.expectingKey = false;
      this.lastKey = "";
    } else if (byte === 0x7b || byte === 0x5b) {
      this.depth += 1;
      this.expectingKey = this.depth === 1 && byte === 0x7b;
    } else if (byte === 0x7d || byte === 0x5d) this.depth -= 1;
    else if (byte === 0x2c) this.expectingKey = this.depth === 1;
    else if (byte === 0x3a) {
      this.awaitingImage = this.depth === 1 && this.lastKey === IMAGE_KEY;
      this.lastKey = "";
    }
  }

  private keep(bytes: Uint8Array) {
    if (bytes.length === 0) return;
    this.fieldBytes += bytes.length;
    if (this.fieldBytes > GENERATE_FIELDS_MAX_BYTES) throw new GenerateBodyRefused("fields-too-large");
    this.fields.push(Buffer.from(bytes));
  }
}

function isWhitespace(byte: number) {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/**
 * Reads the body to its end, or until it is refused: the rest is then left unread rather than
 * torn down, so the answer still reaches the client (the route closes the connection).
 */
export async function readGenerateBody(body: ReadableStream<Uint8Array>) {
  const parser = new GenerateBodyParser();
  for await (const chunk of body.values({ preventCancel: true })) parser.push(chunk);
  return parser.end();
}
