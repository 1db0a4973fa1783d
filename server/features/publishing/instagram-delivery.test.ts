import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaUploads } from "#server/db/schema/publishing.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { processPublication } from "./delivery.service.ts";
import { createPosts } from "./publishing.service.ts";

// Instagram through the queue (ADR 0074, 0097), on the real database with a scripted network:
// the container waits (IN_PROGRESS) and is published (FINISHED); Meta's refusals (ERROR,
// EXPIRED) fail the post with a German reason; the daily limit moves the post to the next free
// slot and says so. The adapter's side of each is in server/integrations/meta/meta-network.test.ts.

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
let t: Awaited<ReturnType<typeof createPublishingTestApp>>;
beforeAll(async () => {
  t = await createPublishingTestApp();
});
afterAll(async () => {
  await t.close();
});

const NOW = new Date("2026-11-18T09:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);

async function instagramPost(text: string) {
  const userId = await t.createUser();
  const accountId = await t.connectAccount(userId, "instagram");
  const { publicUrl } = await t.deps.imageStorage.save(PNG, "png");
  await t.db.insert(mediaUploads).values({ userId, url: publicUrl });
  const [post] = await createPosts(
    t.deps,
    userId,
    { targets: [{ accountId, text }], image: { url: publicUrl, alt: "Ein Bild" } },
    NOW,
  );
  if (!post) throw new Error("no post");
  return post;
}

describe("an Instagram post through the queue", () => {
  it("is refused without an image (German message)", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "instagram");
    await expect(
      createPosts(t.deps, userId, { targets: [{ accountId, text: "Ohne Bild" }] }, NOW),
    ).rejects.toMatchObject({
      code: "IMAGE_REQUIRED",
    });
  });

  it("hands the network a signed link to its image, waits while the container is IN_PROGRESS, then is sent", async () => {
    const post = await instagramPost("Container");
    const seen: (string | undefined)[] = [];
    const publish = t.networks.instagram.publish.bind(t.networks.instagram);
    t.networks.instagram.publish = async (tokens, identity, input) => {
      seen.push(input.images[0]?.publicUrl);
      return publish(tokens, identity, input);
    };
    t.networks.instagram.publishSteps.push({ do: "pending", checkAfterMs: 10_000 });
    t.networks.instagram.continueSteps.push({ do: "pending", checkAfterMs: 60_000 });
    await processPublication(t.deps, post.id, NOW);
    expect(seen[0]).toMatch(/\/uploads\/signed\/\d+\/[\w-]+\/\d{13}-[0-9a-f]{16}\.png$/);
    expect((await t.publication(post.id)).status).toBe("sending");
    await processPublication(t.deps, post.id, at(10_000));
    const waiting = await t.publication(post.id);
    expect([waiting.status, waiting.nextAttemptAt]).toEqual(["sending", at(70_000)]);
    await processPublication(t.deps, post.id, at(70_000));
    expect((await t.publication(post.id)).status).toBe("sent");
    t.networks.instagram.publish = publish;
  });

  it.each([
    ["ERROR", "media-invalid", "Instagram konnte das Bild nicht verarbeiten."],
    [
      "EXPIRED",
      "unknown",
      "Der vorbereitete Instagram-Beitrag ist abgelaufen: Er wurde nicht innerhalb von 24 Stunden veröffentlicht.",
    ],
  ] as const)("fails when the container is %s, with a German reason", async (_status, reason, detail) => {
    const post = await instagramPost(`Container ${reason}`);
    t.networks.instagram.publishSteps.push({ do: "pending", checkAfterMs: 10_000 });
    t.networks.instagram.continueSteps.push({ do: "fail", kind: "rejected", reason, detail });
    await processPublication(t.deps, post.id, NOW);
    await processPublication(t.deps, post.id, at(10_000));
    const failed = await t.publication(post.id);
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toBe(reason);
    expect(failed.failureOriginal).toBe(detail);
    expect(failed.detail).toMatch(/^Instagram /);
  });

  it("at the daily limit moves to the next free slot without counting an attempt, and says so", async () => {
    const post = await instagramPost("Morgen");
    const freeAt = at(20 * 60 * 60_000);
    t.networks.instagram.publishSteps.push({
      do: "fail",
      kind: "rate-limited",
      retryAt: freeAt,
      reason: "usage-limit",
    });
    await processPublication(t.deps, post.id, NOW);
    const moved = await t.publication(post.id);
    expect(moved.status).toBe("planned");
    expect(moved.nextAttemptAt).toEqual(freeAt);
    expect(moved.attempts).toBe(0);
    expect(moved.detail).toBe(
      "Das Limit von Instagram für dieses Konto ist erreicht. Postwerk sendet den Beitrag zum nächsten freien Zeitpunkt: 19.11.2026 06:00.",
    );
    await processPublication(t.deps, post.id, freeAt);
    const sent = await t.publication(post.id);
    expect([sent.status, sent.detail]).toEqual(["sent", null]);
  });
});
