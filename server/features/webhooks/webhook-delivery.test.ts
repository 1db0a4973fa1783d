import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "#server/db/schema/webhooks.ts";
import { processPublication } from "#server/features/publishing/delivery.service.ts";
import { failPublication } from "#server/features/publishing/publication-outcomes.ts";
import { createPosts } from "#server/features/publishing/publishing.service.ts";
import { WEBHOOK_DISABLE_AFTER_FAILURES, WEBHOOK_MAX_ATTEMPTS, type WebhookEvent } from "#shared/webhooks.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../tests/mocks/webhook-receiver.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { deliverWebhook } from "./webhook-delivery.ts";
import type { WebhookEventBody } from "./webhook-events.ts";
import { verifySignature } from "./webhook-signature.ts";
import { createWebhook, listWebhooks } from "./webhooks.service.ts";

// Webhook deliveries (ADR 0110) through the real database and the fake receiver: a post's outcome
// writes one delivery and one job per subscribed endpoint in its transaction; the request is
// signed; a failed attempt comes back after its backoff (the clock passed in, never slept for);
// the last one gives up, and repeated give-ups switch the endpoint off.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createPublishingTestApp({ env: { WEBHOOK_ALLOWED_ORIGIN: receiver.origin } });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const NOW = new Date("2026-11-18T09:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);

async function endpoint(userId: string, path: string, events: WebhookEvent[]) {
  return createWebhook(t.deps, userId, { url: `${receiver.origin}${path}`, events });
}

/** A post planned for 11:00 Berlin and sent by the scripted X at 10:00 UTC. */
async function sendPost(userId: string, text: string) {
  const accountId = await t.connectAccount(userId, "x");
  const [post] = await createPosts(
    t.deps,
    userId,
    { targets: [{ accountId, text }], plannedFor: { date: "2026-11-18", time: "11:00" } },
    NOW,
  );
  if (!post) throw new Error("no post");
  await processPublication(t.deps, post.id, at(60 * 60_000));
  return post;
}

const deliveriesOf = (endpointId: string) =>
  t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

async function jobsOf(deliveryId: string) {
  const result = await t.db.execute(
    sql`select start_after from pgboss.job where name = 'webhook-deliveries' and data->>'deliveryId' = ${deliveryId} order by start_after`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { start_after: Date }[];
  return rows.map((row) => new Date(row.start_after).toISOString());
}

describe("a post's outcome", () => {
  it("writes exactly one delivery and one job per endpoint subscribed to its event", async () => {
    const userId = await t.createUser();
    const sent = await endpoint(userId, "/sent", ["post.sent"]);
    const failed = await endpoint(userId, "/failed", ["post.failed"]);
    const both = await endpoint(userId, "/both", ["post.sent", "post.failed"]);
    const other = await endpoint(await t.createUser(), "/other", ["post.sent"]);

    const post = await sendPost(userId, "Webhook bitte");
    expect((await t.publication(post.id)).status).toBe("sent");
    for (const { webhook } of [sent, both]) {
      const rows = await deliveriesOf(webhook.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ event: "post.sent", status: "pending", attempts: 0 });
      expect(await jobsOf(rows[0]?.id ?? "")).toHaveLength(1);
    }
    expect(await deliveriesOf(failed.webhook.id)).toEqual([]);
    expect(await deliveriesOf(other.webhook.id)).toEqual([]);
    const [first] = await deliveriesOf(sent.webhook.id);
    const [second] = await deliveriesOf(both.webhook.id);
    expect(first?.eventId).toBe(second?.eventId);

    // A move that another worker made first tells nobody, webhooks included.
    const row = await t.publication(post.id);
    expect(await failPublication(t.deps, "queue", "fail", row, "Zu spät.")).toBe(false);
    expect(await deliveriesOf(failed.webhook.id)).toEqual([]);
  });

  it("sends the event signed, with its id for deduplication, and records the answer", async () => {
    const userId = await t.createUser();
    const { secret, webhook } = await endpoint(userId, "/signed", ["post.sent"]);
    const post = await sendPost(userId, "Signiert");
    const [delivery] = await deliveriesOf(webhook.id);
    receiver.answerWith(204);
    const before = receiver.received.length;

    await deliverWebhook(t.deps, delivery?.id ?? "", at(61 * 60_000));
    const [request] = receiver.received.slice(before);
    expect(request?.path).toBe("/signed");
    expect(request?.headers["postwerk-event-id"]).toBe(delivery?.eventId);
    expect(request?.headers["postwerk-event"]).toBe("post.sent");
    expect(request?.headers["content-type"]).toBe("application/json");
    const signature = String(request?.headers["postwerk-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, request?.body ?? "", signature, at(61 * 60_000))).toBe(true);
    expect(verifySignature(secret, `${request?.body} `, signature, at(61 * 60_000))).toBe(false);
    expect(verifySignature("whsec_falsch", request?.body ?? "", signature, at(61 * 60_000))).toBe(false);
    // A replay long after is refused by the receiver's tolerance.
    expect(verifySignature(secret, request?.body ?? "", signature, at(2 * 60 * 60_000))).toBe(false);
    const body = JSON.parse(request?.body ?? "") as WebhookEventBody;
    expect(body).toMatchObject({ id: delivery?.eventId, type: "post.sent" });
    expect(body.data.post).toMatchObject({ id: post.id, status: "sent", network: "x", text: "Signiert" });

    const [done] = await deliveriesOf(webhook.id);
    expect(done).toMatchObject({ status: "delivered", attempts: 1, httpStatus: 204, error: null, nextAttemptAt: null });
    // Its job comes again later and finds nothing to do.
    await deliverWebhook(t.deps, delivery?.id ?? "", at(2 * 60 * 60_000));
    expect(receiver.received.length).toBe(before + 1);
  });
});

describe("a receiver that fails", () => {
  it("is tried again after the backoff, then the success is in the log", async () => {
    const user = await t.createUser();
    const { webhook } = await endpoint(user, "/flaky", ["post.sent"]);
    await sendPost(user, "Erst Fehler, dann gut");
    const [delivery] = await deliveriesOf(webhook.id);
    const id = delivery?.id ?? "";
    const start = at(61 * 60_000);
    const before = receiver.received.length;

    receiver.answerWith(500);
    await deliverWebhook(t.deps, id, start);
    const [failedOnce] = await deliveriesOf(webhook.id);
    const retryAt = new Date(start.getTime() + 60_000).toISOString();
    expect(failedOnce).toMatchObject({ status: "pending", attempts: 1, httpStatus: 500 });
    expect(failedOnce?.error).toBe("Antwort mit HTTP-Status 500.");
    expect(failedOnce?.nextAttemptAt?.toISOString()).toBe(retryAt);
    expect(await jobsOf(id)).toContain(retryAt);

    // Too early: nothing is sent.
    await deliverWebhook(t.deps, id, new Date(start.getTime() + 30_000));
    expect(receiver.received.length).toBe(before + 1);

    receiver.answerWith(200);
    await deliverWebhook(t.deps, id, new Date(start.getTime() + 60_000));
    expect(receiver.received.length).toBe(before + 2);
    const [delivered] = await deliveriesOf(webhook.id);
    expect(delivered).toMatchObject({ status: "delivered", attempts: 2, httpStatus: 200, error: null });

    const log = await listWebhooks(t.db, user);
    expect(log.deliveries).toEqual([
      expect.objectContaining({
        event: "post.sent",
        status: "delivered",
        attempts: 2,
        httpStatus: 200,
        nextAttemptAt: null,
      }),
    ]);
  });

  it("gives up after the last attempt and switches the endpoint off after repeated give-ups", async () => {
    const user = await t.createUser();
    const { webhook } = await endpoint(user, "/down", ["post.sent"]);
    await t.db
      .update(webhookEndpoints)
      .set({ consecutiveFailures: WEBHOOK_DISABLE_AFTER_FAILURES - 1 })
      .where(eq(webhookEndpoints.id, webhook.id));
    await sendPost(user, "Niemand da");
    const [delivery] = await deliveriesOf(webhook.id);
    receiver.answerWith(503);
    let clock = at(61 * 60_000);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      await deliverWebhook(t.deps, delivery?.id ?? "", clock);
      const [row] = await deliveriesOf(webhook.id);
      if (!row?.nextAttemptAt) break;
      waits.push((row.nextAttemptAt.getTime() - clock.getTime()) / 60_000);
      clock = row.nextAttemptAt;
    }
    expect(waits).toEqual([1, 5, 30, 120, 720]);
    const [given] = await deliveriesOf(webhook.id);
    expect(given).toMatchObject({
      status: "failed",
      attempts: WEBHOOK_MAX_ATTEMPTS,
      httpStatus: 503,
      nextAttemptAt: null,
    });
    const [off] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, webhook.id));
    expect(off?.consecutiveFailures).toBe(WEBHOOK_DISABLE_AFTER_FAILURES);
    expect(off?.disabledAt).toEqual(clock);

    // Switched off: the next outcome writes nothing for it.
    await sendPost(user, "Noch einer");
    expect(await deliveriesOf(webhook.id)).toHaveLength(1);
  });

  it("does not follow a redirect", async () => {
    const user = await t.createUser();
    const { webhook } = await endpoint(user, "/moved", ["post.sent"]);
    await sendPost(user, "Umgezogen");
    const [delivery] = await deliveriesOf(webhook.id);
    receiver.answerWith(302);
    const before = receiver.received.length;
    await deliverWebhook(t.deps, delivery?.id ?? "", at(61 * 60_000));
    expect(receiver.received.length).toBe(before + 1);
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ status: "pending", httpStatus: 302 });
    expect(row?.error).toContain("Weiterleitungen");
  });
});
