import fs from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { readEnv } from "#server/env.ts";
import { readGenerationEvents } from "#shared/generation-stream.ts";
import { type S3Fake, startS3Fake } from "../../../tests/mocks/s3.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { pngDataUrl } from "../../../tests/support/images.ts";
import { createS3ImageStorage, type ImageStorage } from "./image-storage.ts";
import { ImageStorageError } from "./s3-object-store.ts";

const image = (format: "jpeg" | "png" | "webp") =>
  sharp({ create: { width: 3, height: 2, channels: 3, background: "#4f46e5" } })
    .toFormat(format)
    .toBuffer();

async function readStream(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

let s3: S3Fake;
let storage: ImageStorage;
beforeAll(async () => {
  s3 = await startS3Fake();
  storage = await createS3ImageStorage(s3.settings);
});
afterAll(() => s3?.close());

describe("the S3 image storage against an S3-compatible server (s3rver)", () => {
  it("stores under a random name, reads it back whole and as a stream, and removes it", async () => {
    const bytes = await image("png");
    const stored = await storage.save(bytes, "png");
    expect(stored.name).toMatch(/^\d{13}-[0-9a-f]{16}\.png$/);
    expect(stored.publicUrl).toBe(`/uploads/social-images/${stored.name}`);
    expect(await s3.headObject(stored.name)).toEqual({ contentType: "image/png", size: bytes.length });

    const read = await storage.read(stored.name);
    expect(read?.contentType).toBe("image/png");
    expect(Buffer.from(read?.bytes ?? [])).toEqual(bytes);

    const opened = await storage.open(stored.name);
    expect(opened?.contentType).toBe("image/png");
    expect(opened?.size).toBe(bytes.length);
    expect(await readStream(opened?.body ?? new ReadableStream())).toEqual(bytes);

    await storage.remove(stored.name);
    expect(await s3.headObject(stored.name)).toBeNull();
    expect(await storage.read(stored.name)).toBeNull();
  });

  it.each([
    ["jpeg", "image/jpeg"],
    ["webp", "image/webp"],
  ] as const)("stores a %s as %s", async (format, contentType) => {
    const stored = await storage.save(await image(format), format);
    expect((await s3.headObject(stored.name))?.contentType).toBe(contentType);
    expect((await storage.read(stored.name))?.contentType).toBe(contentType);
    expect((await storage.open(stored.name))?.contentType).toBe(contentType);
  });

  it("gives null for a missing object and for names it never hands out", async () => {
    expect(await storage.read("1234567890123-0123456789abcdef.png")).toBeNull();
    expect(await storage.open("1234567890123-0123456789abcdef.png")).toBeNull();
    for (const name of ["../geheim.txt", "geheim.txt", "1234567890123-0123456789abcdef.gif", ""]) {
      expect(await storage.read(name)).toBeNull();
      expect(await storage.open(name)).toBeNull();
    }
  });

  it("removes an image twice without complaint, so an interrupted account deletion can run again", async () => {
    const stored = await storage.save(await image("png"), "png");
    await storage.remove(stored.name);
    await expect(storage.remove(stored.name)).resolves.toBeUndefined();
    await expect(storage.remove("1234567890123-0123456789abcdef.png")).resolves.toBeUndefined();
  });

  it("fails loudly on wrong keys or a missing bucket instead of reporting the image missing", async () => {
    const name = (await storage.save(await image("png"), "png")).name;
    // s3rver checks the key id, not the V4 signature, so the id is the wrong part here.
    const wrongKey = await createS3ImageStorage({ ...s3.settings, accessKeyId: "FALSCH" });
    await expect(wrongKey.read(name)).rejects.toThrow(
      /Bildspeicher \(S3\): Lesen von .* fehlgeschlagen \(InvalidAccessKeyId/,
    );
    await expect(wrongKey.open(name)).rejects.toBeInstanceOf(ImageStorageError);
    await expect(wrongKey.save(await image("png"), "png")).rejects.toBeInstanceOf(ImageStorageError);
    const noBucket = await createS3ImageStorage({ ...s3.settings, bucket: "gibt-es-nicht" });
    await expect(noBucket.read(name)).rejects.toThrow(/NoSuchBucket/);
    await expect(noBucket.remove(name)).rejects.toBeInstanceOf(ImageStorageError);
  });
});

describe("timeouts of the S3 image storage", () => {
  const TIMEOUT_MS = 300;
  const sockets = new Set<net.Socket>();
  let silent: net.Server;
  let stalling: http.Server;
  beforeAll(async () => {
    // Accepts connections and never answers.
    silent = net.createServer((socket) => sockets.add(socket));
    // Answers GetObject with its head and a first part of the body, then nothing more.
    stalling = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "image/png", "content-length": "1000" });
      response.write(Buffer.alloc(100));
    });
    stalling.on("connection", (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await new Promise((resolve) => stalling.close(resolve));
  });
  const storageAt = (server: net.Server) =>
    createS3ImageStorage(
      { ...s3.settings, endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}` },
      { timeoutMs: TIMEOUT_MS },
    );
  const NAME = "1234567890123-0123456789abcdef.png";

  it("gives up on a server that does not answer, with a German error, for every call", async () => {
    const hanging = await storageAt(silent);
    const png = await image("png");
    for (const call of [
      () => hanging.save(png, "png"),
      () => hanging.read(NAME),
      () => hanging.open(NAME),
      () => hanging.remove(NAME),
    ]) {
      // The server never answers: only the deadline can end the call, with this message.
      await expect(call()).rejects.toThrow(`Bildspeicher (S3) antwortet nicht`);
    }
  });

  it("ends a streamed image whose body stops arriving", async () => {
    const opened = await (await storageAt(stalling)).open(NAME);
    expect(opened?.size).toBe(1000);
    await expect(readStream(opened?.body ?? new ReadableStream())).rejects.toThrow();
  });

  it("ends a whole read whose body stops arriving", async () => {
    await expect((await storageAt(stalling)).read(NAME)).rejects.toThrow(`Bildspeicher (S3) antwortet nicht`);
  });
});

describe("readEnv: STORAGE_S3_*", () => {
  it("keeps the local folder when none is set", () => {
    expect(readEnv({}).storageS3).toBeNull();
    expect(readEnv({ STORAGE_S3_BUCKET: "" }).storageS3).toBeNull();
  });

  it("reads a complete configuration; path style is off unless asked for", () => {
    const { STORAGE_S3_FORCE_PATH_STYLE: _pathStyle, ...withoutPathStyle } = s3.env;
    expect(readEnv(withoutPathStyle).storageS3).toEqual({ ...s3.settings, forcePathStyle: false });
    expect(readEnv(s3.env).storageS3).toEqual(s3.settings);
  });

  it("refuses a partial configuration and names every missing variable", () => {
    const read = () => readEnv({ STORAGE_S3_ENDPOINT: "https://s3.example.com", STORAGE_S3_BUCKET: "bilder" });
    expect(read).toThrow(/Ungültige Konfiguration/);
    for (const missing of ["STORAGE_S3_REGION", "STORAGE_S3_ACCESS_KEY_ID", "STORAGE_S3_SECRET_ACCESS_KEY"]) {
      expect(read).toThrow(new RegExp(`${missing}: fehlt`));
    }
    expect(read).not.toThrow(/STORAGE_S3_BUCKET: fehlt/);
    expect(() => readEnv({ STORAGE_S3_FORCE_PATH_STYLE: "true" })).toThrow(/STORAGE_S3_ENDPOINT: fehlt/);
  });

  it("refuses an endpoint that is no http(s) address and a path style other than true or false", () => {
    expect(() => readEnv({ ...s3.env, STORAGE_S3_ENDPOINT: "ftp://s3.example.com" })).toThrow(/STORAGE_S3_ENDPOINT/);
    expect(() => readEnv({ ...s3.env, STORAGE_S3_FORCE_PATH_STYLE: "ja" })).toThrow(/STORAGE_S3_FORCE_PATH_STYLE/);
  });
});

describe("the product with STORAGE_S3_* set", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: s3.env });
  });
  afterAll(() => t?.close());

  it("stores a generator upload in the bucket and serves it under /uploads/social-images/<name>", async () => {
    const email = "s3-upload@example.test";
    const cookie = await t.signUpAndConfirm(email);
    const response = await t.postJson(
      "/api/generator/generate",
      {
        platform: "twitter",
        keyPoints: "Zimtschnecken, jeden Samstag",
        tone: "friendly",
        language: "german",
        imageData: pngDataUrl(),
      },
      cookie,
    );
    expect(response.status).toBe(200);
    const events = [];
    for await (const event of readGenerationEvents(response.body ?? new ReadableStream())) events.push(event);
    expect(events.at(-1)?.type).toBe("done");

    const [profile] = await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
    const [entry] = await t.db
      .select()
      .from(archivedPosts)
      .where(eq(archivedPosts.userId, profile?.id ?? ""));
    const imageUrl = entry?.imageUrl ?? "";
    const name = imageUrl.split("/").at(-1) ?? "";
    expect(imageUrl).toMatch(/^\/uploads\/social-images\/\d{13}-[0-9a-f]{16}\.png$/);
    const inBucket = await s3.headObject(name);
    expect(inBucket?.contentType).toBe("image/png");
    // Nothing went to the local folder: a second server would not find it there.
    await expect(fs.readdir(path.join(t.dataDir, "uploads", "social-images"))).rejects.toThrow(/ENOENT/);

    const served = await t.request(imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-length")).toBe(String(inBucket?.size));
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(inBucket?.size);
    expect(bytes.includes(Buffer.from("GPS"))).toBe(false);

    const deleted = await t.request(`/api/archive/${entry?.id}`, { method: "DELETE", cookie });
    expect(deleted.status).toBe(200);
    expect(await s3.headObject(name)).toBeNull();
    expect((await t.request(imageUrl)).status).toBe(404);
  });
});
