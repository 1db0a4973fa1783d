import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "#server/db/schema/profiles.ts";
import { webhookDeliveries, webhookEndpoints } from "#server/db/schema/webhooks.ts";
import { WEBHOOK_ERRORS, WEBHOOKS_PER_USER_MAX } from "#shared/webhooks.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";

// /api/webhooks on /konto through the real app (ADR 0110): the secret in the creating answer
// only, public https addresses only (the Mastodon instance's check), a few per user, and each
// user sees and deletes only their own endpoints and log.

let t: TestApp;
let anna: { cookie: string; userId: string };
let ben: { cookie: string; userId: string };

async function customer(email: string) {
  const cookie = await t.signUpAndConfirm(email);
  const [profile] = await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  return { cookie, userId: profile?.id ?? expect.unreachable() };
}

beforeAll(async () => {
  t = await createTestApp();
  anna = await customer("anna-hooks@example.test");
  ben = await customer("ben-hooks@example.test");
});
afterAll(async () => {
  await t.close();
});

const add = (cookie: string, url: string, events: string[] = ["post.sent"]) =>
  t.postJson("/api/webhooks", { url, events }, cookie);

describe("adding an endpoint", () => {
  it("answers the signing secret once, stores it sealed, and lists the endpoint without it", async () => {
    const created = await add(anna.cookie, "https://93.184.215.14/postwerk", ["post.sent", "post.failed"]);
    expect(created.status).toBe(201);
    const { secret, webhook } = (await created.json()) as { secret: string; webhook: { id: string } };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toEqual({
      id: expect.any(String),
      url: "https://93.184.215.14/postwerk",
      events: ["post.sent", "post.failed"],
      createdAt: expect.any(String),
      disabledAt: null,
    });
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, webhook.id));
    expect(row?.secretSealed).not.toContain(secret.slice(6));
    expect(t.deps.tokenBox.open(row?.secretSealed ?? "", webhook.id)).toBe(secret);

    const listed = await t.request("/api/webhooks", { cookie: anna.cookie });
    const text = await listed.text();
    expect(listed.status).toBe(200);
    expect(text).not.toContain(secret);
    expect(JSON.parse(text).webhooks).toEqual([webhook]);
    await t.request(`/api/webhooks/${webhook.id}`, { method: "DELETE", cookie: anna.cookie });
  });

  it.each([
    ["https://127.0.0.1/hook"],
    ["https://localhost:8443/hook"],
    ["https://intern.localhost/hook"],
    ["https://10.1.2.3/hook"],
    ["https://169.254.169.254/latest/meta-data"],
    ["https://[::1]/hook"],
    ["https://[fd00::1]/hook"],
  ])("refuses %s, a private or loopback address, in German", async (url) => {
    const refused = await add(anna.cookie, url);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: WEBHOOK_ERRORS.WEBHOOK_URL_NOT_PUBLIC,
      code: "WEBHOOK_URL_NOT_PUBLIC",
    });
  });

  it.each([
    ["http://93.184.215.14/hook"],
    ["ftp://93.184.215.14/hook"],
    ["https://nutzer:pw@93.184.215.14/"],
    ["kein Link"],
  ])("refuses %s: https with a host and without credentials only", async (url) => {
    const refused = await add(anna.cookie, url);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: WEBHOOK_ERRORS.WEBHOOK_URL_INVALID, code: "WEBHOOK_URL_INVALID" });
  });

  it("needs at least one known event", async () => {
    for (const events of [[], ["post.deleted"]]) {
      const refused = await add(anna.cookie, "https://93.184.215.14/hook", events);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe(WEBHOOK_ERRORS.INVALID_EVENTS);
    }
  });

  it(`allows ${WEBHOOKS_PER_USER_MAX} endpoints per user`, async () => {
    const carla = await customer("carla-hooks@example.test");
    for (let index = 0; index < WEBHOOKS_PER_USER_MAX; index++)
      expect((await add(carla.cookie, `https://93.184.215.14/hook-${index}`)).status).toBe(201);
    const refused = await add(carla.cookie, "https://93.184.215.14/eins-zu-viel");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: WEBHOOK_ERRORS.WEBHOOK_LIMIT_REACHED,
      code: "WEBHOOK_LIMIT_REACHED",
    });
  });

  it("is for signed-in users only", async () => {
    const refused = await t.postJson("/api/webhooks", { url: "https://93.184.215.14/hook", events: ["post.sent"] });
    expect(refused.status).toBe(401);
  });
});

describe("each user's own endpoints and log", () => {
  it("lists, switches on and deletes only the user's own endpoints and deliveries", async () => {
    const created = await add(anna.cookie, "https://93.184.215.14/nur-anna");
    const { webhook } = (await created.json()) as { webhook: { id: string } };
    await t.db.insert(webhookDeliveries).values({
      userId: anna.userId,
      endpointId: webhook.id,
      eventId: crypto.randomUUID(),
      event: "post.sent",
      body: "{}",
    });

    const bens = (await (await t.request("/api/webhooks", { cookie: ben.cookie })).json()) as Record<string, unknown[]>;
    expect(bens).toEqual({ webhooks: [], deliveries: [] });
    const annas = (await (await t.request("/api/webhooks", { cookie: anna.cookie })).json()) as {
      deliveries: { endpointId: string; url: string }[];
    };
    expect(annas.deliveries).toEqual([
      expect.objectContaining({ endpointId: webhook.id, url: "https://93.184.215.14/nur-anna", attempts: 0 }),
    ]);

    for (const [method, path] of [
      ["DELETE", `/api/webhooks/${webhook.id}`],
      ["POST", `/api/webhooks/${webhook.id}/enable`],
    ] as const) {
      const refused = await t.request(path, { method, cookie: ben.cookie });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ error: WEBHOOK_ERRORS.WEBHOOK_NOT_FOUND, code: "WEBHOOK_NOT_FOUND" });
    }

    const deleted = await t.request(`/api/webhooks/${webhook.id}`, { method: "DELETE", cookie: anna.cookie });
    expect(deleted.status).toBe(200);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, webhook.id))).toEqual([]);
  });
});
