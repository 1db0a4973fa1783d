import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setUpTestApp, t } from "../tests/setup/app-per-file.ts";
import type { AppEnv } from "./app-env.ts";
import { session, user } from "./db/schema/auth.ts";
import { loadSession } from "./session.ts";

// ADR 0029: our API reads the session itself in the common case and leaves every other case to
// Better Auth. Whatever the cookie, /api answers as Better Auth's own get-session does.

setUpTestApp();
afterEach(() => vi.restoreAllMocks());

const HOUR = 3_600_000;

async function signedIn(prefix: string) {
  const email = `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const cookie = await t.signUpAndConfirm(email);
  const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0] ?? "";
  return { email, cookie, token };
}

async function sessionOf(cookie: string) {
  return (await t.request("/api/auth/get-session", { cookie })).json();
}

describe("the session of an /api request", () => {
  it("is Better Auth's session, read without Better Auth's endpoint", async () => {
    const { email, cookie } = await signedIn("gleich");
    const getSession = vi.spyOn(t.deps.auth.api, "getSession");
    const response = await t.request("/api/profile", { cookie });
    expect(response.status).toBe(200);
    expect((await response.json()).email).toBe(email);
    expect(getSession).not.toHaveBeenCalled();
  });

  it("carries the same fields and values as Better Auth's get-session", async () => {
    const { cookie } = await signedIn("felder");
    const echo = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set("deps", t.deps);
        await next();
      })
      .use(loadSession)
      .get("/", (c) => c.json(c.var.session));
    const ours = await (await echo.request("/", { headers: { cookie } })).json();
    expect(ours).toEqual(await sessionOf(cookie));
    expect(Object.keys(ours.user).sort()).toEqual([
      "createdAt",
      "email",
      "emailVerified",
      "id",
      "image",
      "name",
      "twoFactorEnabled",
      "updatedAt",
    ]);
  });

  it("is none without a cookie, without asking Better Auth", async () => {
    const getSession = vi.spyOn(t.deps.auth.api, "getSession");
    expect((await t.request("/api/profile")).status).toBe(401);
    expect((await t.request("/api/profile", { cookie: "andere=1" })).status).toBe(401);
    expect(getSession).not.toHaveBeenCalled();
  });

  it("is none for a tampered signature or token", async () => {
    const { cookie, token } = await signedIn("manipuliert");
    const [name = "", value = ""] = cookie.split("=");
    const signature = decodeURIComponent(value).split(".")[1] ?? "";
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    const otherToken = `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`;
    for (const forged of [
      `${name}=${encodeURIComponent(`${token}.${flipped}`)}`,
      `${name}=${encodeURIComponent(`${otherToken}.${signature}`)}`,
      `${name}=${token}`,
      `${name}=${encodeURIComponent(`${token}.${signature.replace("=", "")}`)}`,
    ]) {
      expect((await t.request("/api/profile", { cookie: forged })).status).toBe(401);
      expect(await sessionOf(forged)).toBeNull();
    }
    expect((await t.request("/api/profile", { cookie })).status).toBe(200);
  });

  it("follows Better Auth when the cookie comes twice: the first one counts", async () => {
    const { cookie } = await signedIn("doppelt");
    const [name = ""] = cookie.split("=");
    const twice = `${name}=kaputt; ${cookie}`;
    expect(await sessionOf(twice)).toBeNull();
    expect((await t.request("/api/profile", { cookie: twice })).status).toBe(401);
    expect((await t.request("/api/profile", { cookie: `${cookie}; ${name}=kaputt` })).status).toBe(200);
  });

  it("is none for an expired session, which Better Auth then deletes", async () => {
    const { cookie, token } = await signedIn("abgelaufen");
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect((await t.request("/api/profile", { cookie })).status).toBe(401);
    expect(await t.db.select().from(session).where(eq(session.token, token))).toEqual([]);
  });

  it("is none for a revoked session", async () => {
    const { cookie, token } = await signedIn("widerrufen");
    await t.db.delete(session).where(eq(session.token, token));
    expect((await t.request("/api/profile", { cookie })).status).toBe(401);
  });

  it("is none once the user is deleted", async () => {
    const { cookie, email } = await signedIn("geloescht");
    await t.db.delete(user).where(eq(user.email, email));
    expect((await t.request("/api/profile", { cookie })).status).toBe(401);
  });

  it("is extended by Better Auth when its daily refresh is due, as before", async () => {
    const { cookie, token } = await signedIn("verlaengert");
    const soon = new Date(Date.now() + HOUR);
    await t.db.update(session).set({ expiresAt: soon }).where(eq(session.token, token));
    const getSession = vi.spyOn(t.deps.auth.api, "getSession");
    expect((await t.request("/api/profile", { cookie })).status).toBe(200);
    expect(getSession).toHaveBeenCalledOnce();
    const [row] = await t.db.select().from(session).where(eq(session.token, token));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * HOUR);
  });
});
