import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaUploads } from "#server/db/schema/publishing.ts";
import { processPublication } from "#server/features/publishing/delivery.service.ts";
import { imageNameFromPublicUrl } from "#server/integrations/storage/image-storage.ts";
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES } from "#shared/media.ts";
import type { PublicationView } from "#shared/publishing.schemas.ts";
import { PUBLISHING_ERRORS } from "#shared/publishing.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { pngDataUrl, smallGif } from "../../../tests/support/images.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";

// The composer's image upload and posts with an image and its description (ADR 0086), through
// the real Hono app: re-encoded without metadata, German refusals with a code, only one's own
// uploads on a post, and the description reaches the network.

const networks = createScriptedNetworks();
setUpTestApp({ overrides: { networks } });

let cookie: string;
let otherCookie: string;
beforeAll(async () => {
  cookie = await t.signUpAndConfirm("bilder@example.test");
  otherCookie = await t.signUpAndConfirm("fremd@example.test");
});

/** The form as a browser sends it: multipart with its boundary (t.request would call it JSON). */
async function sendForm(form: FormData, as?: string) {
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const headers = { "content-type": encoded.headers.get("content-type") ?? "" };
  return t.request("/api/media", { method: "POST", body: await encoded.arrayBuffer(), headers, cookie: as });
}

function upload(bytes: Uint8Array<ArrayBuffer>, as = cookie, type = "image/png") {
  const form = new FormData();
  form.set("file", new Blob([bytes], { type }), "urlaub.png");
  return sendForm(form, as);
}

const pngWithGps = () => Buffer.from(pngDataUrl().split(",")[1] ?? "", "base64");

async function uploaded(as = cookie): Promise<string> {
  const response = await upload(pngWithGps(), as);
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

async function connectBluesky(as: string, handle: string): Promise<string> {
  const connected = await t.request("/api/connections/bluesky/app-password", {
    method: "POST",
    cookie: as,
    body: JSON.stringify({ identifier: `${handle}.bsky.social`, appPassword: "app-pass-word" }),
  });
  expect(connected.status).toBe(201);
  return ((await connected.json()) as { accountId: string }).accountId;
}

async function connectX(as: string, code: string): Promise<string> {
  const start = await t.request("/api/connections/x/start", { method: "POST", cookie: as });
  const { authorizationUrl } = (await start.json()) as { authorizationUrl: string };
  const state = new URL(authorizationUrl).searchParams.get("state") ?? "";
  await t.request(`/api/connections/x/callback?code=${code}&state=${state}`, { cookie: as });
  const list = (await (await t.request("/api/connections", { cookie: as })).json()) as {
    networks: { network: string; accounts: { id: string; handle: string }[] }[];
  };
  const account = list.networks.find((n) => n.network === "x")?.accounts.find((a) => a.handle === `@${code}`);
  if (!account) throw new Error("X account missing");
  return account.id;
}

describe("POST /api/media", () => {
  it("asks to sign in first", async () => {
    const form = new FormData();
    form.set("file", new Blob([pngWithGps()]), "a.png");
    const response = await sendForm(form);
    expect(response.status).toBe(401);
  });

  it("stores the image re-encoded, without its metadata, under a new name that is the user's", async () => {
    const url = await uploaded();
    expect(url).toMatch(/^\/uploads\/social-images\/\d{13}-[0-9a-f]{16}\.png$/);
    const served = await t.request(url);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from("GPS"))).toBe(false);
    const [row] = await t.db.select().from(mediaUploads).where(eq(mediaUploads.url, url));
    expect(row?.userId).toBeTruthy();
  });

  it("takes a GIF and keeps it a GIF", async () => {
    const gif = await smallGif();
    const response = await upload(gif, cookie, "image/gif");
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/\.gif$/);
    expect((await t.request(url)).headers.get("content-type")).toBe("image/gif");
  });

  it.each([
    ["no image at all", new TextEncoder().encode("<svg onload=alert(1)/>"), MEDIA_MESSAGES.type],
    ["an empty file", new Uint8Array(), MEDIA_MESSAGES.noFile],
    ["a PNG that does not decode", Buffer.concat([pngWithGps().subarray(0, 40)]), MEDIA_MESSAGES.unreadable],
  ])("refuses %s with 400 and a German message", async (_case, bytes, message) => {
    const response = await upload(bytes);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message, code: "INVALID_INPUT" });
  });

  it("refuses a request without a file", async () => {
    const form = new FormData();
    form.set("other", "x");
    const response = await sendForm(form, cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: MEDIA_MESSAGES.noFile, code: "INVALID_INPUT" });
  });

  it("refuses a file above the size limit before reading it", async () => {
    const response = await upload(new Uint8Array(MEDIA_MAX_BYTES + 70 * 1024));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: MEDIA_MESSAGES.tooLarge, code: "REQUEST_TOO_LARGE" });
  });
});

describe("posts with an image and its description", () => {
  it("stores the description, shows it, and sends it to the network with the image", async () => {
    const accountId = await connectBluesky(cookie, "bild");
    const url = await uploaded();
    const alt = "Ein Leuchtturm bei Sonnenuntergang";
    const response = await t.request("/api/posts", {
      method: "POST",
      cookie,
      body: JSON.stringify({ targets: [{ accountId, text: "Mit Bild" }], image: { url, alt } }),
    });
    expect(response.status).toBe(201);
    const { posts } = (await response.json()) as { posts: PublicationView[] };
    expect(posts[0]).toMatchObject({ imageUrl: url, imageAlt: alt });
    const listed = (await (await t.request("/api/posts", { cookie })).json()) as { posts: PublicationView[] };
    expect(listed.posts.find((post) => post.id === posts[0]?.id)?.imageAlt).toBe(alt);

    await processPublication(t.deps, posts[0]?.id ?? "", new Date());
    const arrived = networks.bluesky.received.find((post) => post.text === "Mit Bild");
    expect(arrived).toMatchObject({ images: 1, altTexts: [alt] });
  });

  it("refuses an image that is not the user's own upload", async () => {
    const accountId = await connectBluesky(cookie, "fremdbild");
    const foreign = await uploaded(otherCookie);
    const response = await t.request("/api/posts", {
      method: "POST",
      cookie,
      body: JSON.stringify({ targets: [{ accountId, text: "Fremd" }], image: { url: foreign, alt: "" } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: PUBLISHING_ERRORS.IMAGE_NOT_FOUND, code: "IMAGE_NOT_FOUND" });
    expect(imageNameFromPublicUrl(foreign)).not.toBeNull();
  });

  it("refuses a description longer than 1000 characters", async () => {
    const accountId = await connectBluesky(cookie, "langbild");
    const url = await uploaded();
    const response = await t.request("/api/posts", {
      method: "POST",
      cookie,
      body: JSON.stringify({ targets: [{ accountId, text: "Lang" }], image: { url, alt: "a".repeat(1001) } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: MEDIA_MESSAGES.altTooLong, code: "INVALID_INPUT" });
  });

  it("sends a thread's image with its description on the first post only", async () => {
    const accountId = await connectX(cookie, "fadenbild");
    const url = await uploaded();
    const run = Date.now().toString(36);
    const posts = [`Faden ${run} eins`, `Faden ${run} zwei`];
    const response = await t.request("/api/posts/threads", {
      method: "POST",
      cookie,
      body: JSON.stringify({ accountId, posts, image: { url, alt: "Ein Faden" } }),
    });
    expect(response.status).toBe(201);
    const { post } = (await response.json()) as { post: PublicationView };
    expect(post).toMatchObject({ imageUrl: url, imageAlt: "Ein Faden" });
    await processPublication(t.deps, post.id, new Date());
    const arrived = posts.map((text) => networks.x.received.find((sent) => sent.text === text));
    expect(arrived.map((sent) => sent?.altTexts)).toEqual([["Ein Faden"], []]);
  });
});
