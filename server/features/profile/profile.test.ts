import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { companyBillingInfo } from "../../db/schema/billing.ts";
import { profiles } from "../../db/schema/profiles.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: "chefin@example.test" } });
});
afterAll(() => t.close());

describe("GET /api/profile", () => {
  it("answers 401 with a German message without a session", async () => {
    const response = await t.request("/api/profile");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sie müssen angemeldet sein", code: "NOT_SIGNED_IN" });
  });

  it("returns the signed-in user's credits, plan and billing info", async () => {
    const cookie = await t.signUpAndConfirm("kunde@example.test");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, "kunde@example.test"));
    await t.db.update(profiles).set({ credits: 42 }).where(eq(profiles.email, "kunde@example.test"));
    await t.db.insert(companyBillingInfo).values({
      userId: profile?.id ?? "",
      companyName: "Muster GmbH",
      street: "Hauptstraße 1",
      postalCode: "10115",
      city: "Berlin",
      country: "Deutschland",
      vatId: "DE123456789",
    });
    const body = await (await t.request("/api/profile", { cookie })).json();
    expect(body).toMatchObject({
      email: "kunde@example.test",
      credits: 42,
      subscriptionStatus: "free",
      isAdmin: false,
      billing: { companyName: "Muster GmbH", city: "Berlin", vatId: "DE123456789" },
    });
  });

  it("has no billing info for a user without a record", async () => {
    const cookie = await t.signUpAndConfirm("ohne-rechnung@example.test");
    const body = await (await t.request("/api/profile", { cookie })).json();
    expect(body.billing).toBeNull();
  });
});

describe("admin role", () => {
  it("is granted to the addresses in ADMIN_EMAILS and checked by the server", async () => {
    const adminCookie = await t.signUpAndConfirm("chefin@example.test");
    const userCookie = await t.signUpAndConfirm("mitarbeiter@example.test");
    expect((await (await t.request("/api/profile", { cookie: adminCookie })).json()).isAdmin).toBe(true);
    expect(await (await t.request("/api/admin/access", { cookie: adminCookie })).json()).toEqual({
      admin: true,
      twoFactorRequired: false,
    });
    expect(await (await t.request("/api/admin/access", { cookie: userCookie })).json()).toEqual({
      admin: false,
      twoFactorRequired: false,
    });
    expect((await t.request("/api/admin/access")).status).toBe(401);
  });
});

describe("answers that depend on the session (ADR 0020, caching)", () => {
  it.each([
    "/api/profile",
    "/api/archive",
    "/api/generator/status",
    "/api/optimizer/access",
    "/api/admin/access",
    "/api/auth/get-session",
    `/api/consent/history?visitorId=${crypto.randomUUID()}`,
  ])("%s may not be stored by any cache", async (path) => {
    const cookie = await t.signUpAndConfirm(`cache-${crypto.randomUUID().slice(0, 8)}@example.test`);
    const response = await t.request(path, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
  });

  it("leaves public answers cacheable where they say so", async () => {
    const response = await t.request("/api/site-settings");
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });
});
