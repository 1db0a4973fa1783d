import { eq, like } from "drizzle-orm";
import { unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { user, verification } from "#server/db/schema/auth.ts";
import { passkeys } from "#server/db/schema/passkeys.ts";
import { PASSKEY_LIMIT, PASSKEY_MESSAGES } from "#shared/passkeys.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { sessionCookieFrom, TEST_BASE_URL } from "../../../tests/setup/test-app.ts";
import { signUpWithTwoFactor } from "../../../tests/setup/two-factor.ts";
import { SoftwareAuthenticator } from "../../../tests/support/software-authenticator.ts";

// Passkeys (ADR 0102) through the real app: our Better Auth plugin on SimpleWebAuthn, answered by
// a software authenticator that signs with node:crypto like a device would.

setUpTestApp();
// Each test signs up and runs several ceremonies; on the shared 2-core machine that took up to
// 30 s, and a test cut off by the timeout leaves its requests running into the next ones.
vi.setConfig({ testTimeout: 90_000 });

const PASSWORD = "Laterne-Zimt-42";
const relyingParty = { origin: TEST_BASE_URL, rpID: new URL(TEST_BASE_URL).hostname };

async function registerPasskey(cookie: string, authenticator: SoftwareAuthenticator, name = "MacBook") {
  const start = await t.postJson("/api/auth/passkey/registration-options", { password: PASSWORD }, cookie);
  expect(start.status).toBe(200);
  const { challengeId, options } = await start.json();
  return t.postJson(
    "/api/auth/passkey/register",
    { challengeId, name, response: authenticator.register(options) },
    cookie,
  );
}

async function signInWith(authenticator: SoftwareAuthenticator, origin?: string) {
  const start = await t.postJson("/api/auth/passkey/sign-in-options", {});
  expect(start.status).toBe(200);
  const { challengeId, options } = await start.json();
  return t.postJson("/api/auth/passkey/sign-in", {
    challengeId,
    response: authenticator.authenticate(options, origin),
  });
}

async function listOf(cookie: string) {
  const response = await t.request("/api/auth/passkey/list", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()).passkeys as {
    id: string;
    name: string;
    lastUsedAt: string | null;
    backedUp: boolean;
  }[];
}

async function sessionUserOf(cookie: string) {
  const response = await t.request("/api/auth/get-session", { cookie });
  return ((await response.json()) as { user?: { email: string } } | null)?.user?.email ?? null;
}

describe("adding a passkey", () => {
  it("asks for the password first, with relying party and user from BASE_URL and the account", async () => {
    const cookie = await t.signUpAndConfirm("passkey-neu@example.test");
    const without = await t.postJson("/api/auth/passkey/registration-options", {}, cookie);
    expect(without.status).toBe(400);
    expect(await without.json()).toMatchObject({
      code: "PASSWORD_REQUIRED",
      error: PASSKEY_MESSAGES.passwordRequired,
    });
    const wrong = await t.postJson("/api/auth/passkey/registration-options", { password: "falsch-falsch-1" }, cookie);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe("INVALID_PASSWORD");

    const start = await t.postJson("/api/auth/passkey/registration-options", { password: PASSWORD }, cookie);
    const { options } = await start.json();
    expect(options.rp).toEqual({ name: "Postwerk", id: "localhost" });
    expect(options.user.name).toBe("passkey-neu@example.test");
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });

    const authenticator = new SoftwareAuthenticator(relyingParty);
    const added = await registerPasskey(cookie, authenticator, "  Büro-Laptop ");
    expect(added.status).toBe(200);
    expect((await added.json()).passkey).toMatchObject({ name: "Büro-Laptop", backedUp: true, lastUsedAt: null });
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.credentialId, authenticator.id));
    expect(row).toMatchObject({ counter: 0, deviceType: "multiDevice", backedUp: true, transports: ["internal"] });
  });

  it("takes each challenge once and not after it expired", async () => {
    const cookie = await t.signUpAndConfirm("passkey-challenge@example.test");
    const authenticator = new SoftwareAuthenticator(relyingParty);
    const start = await t.postJson("/api/auth/passkey/registration-options", { password: PASSWORD }, cookie);
    const { challengeId, options } = await start.json();
    const response = authenticator.register(options);
    const first = await t.postJson("/api/auth/passkey/register", { challengeId, name: "Handy", response }, cookie);
    expect(first.status).toBe(200);
    const again = await t.postJson("/api/auth/passkey/register", { challengeId, name: "Handy", response }, cookie);
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe("PASSKEY_CHALLENGE_EXPIRED");

    const later = await t.postJson("/api/auth/passkey/registration-options", { password: PASSWORD }, cookie);
    const expired = await later.json();
    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, `%${expired.challengeId}`));
    const tooLate = await t.postJson(
      "/api/auth/passkey/register",
      {
        challengeId: expired.challengeId,
        name: "Tablet",
        response: new SoftwareAuthenticator(relyingParty).register(expired.options),
      },
      cookie,
    );
    expect(tooLate.status).toBe(400);
    expect((await tooLate.json()).error).toBe(PASSKEY_MESSAGES.challengeExpired);
  });

  it("refuses an answer for another origin, without a name, and more than the limit", async () => {
    const cookie = await t.signUpAndConfirm("passkey-grenzen@example.test");
    const start = await t.postJson("/api/auth/passkey/registration-options", { password: PASSWORD }, cookie);
    const { challengeId, options } = await start.json();
    const foreign = new SoftwareAuthenticator(relyingParty).register(options, "https://phishing.example");
    const refused = await t.postJson(
      "/api/auth/passkey/register",
      { challengeId, name: "X", response: foreign },
      cookie,
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe("PASSKEY_INVALID");

    const unnamed = await registerPasskey(cookie, new SoftwareAuthenticator(relyingParty), "   ");
    expect(unnamed.status).toBe(400);
    expect((await unnamed.json()).error).toBe(PASSKEY_MESSAGES.nameRequired);

    for (let i = 0; i < PASSKEY_LIMIT; i++) {
      expect((await registerPasskey(cookie, new SoftwareAuthenticator(relyingParty), `Schlüssel ${i}`)).status).toBe(
        200,
      );
    }
    const sixth = await t.postJson("/api/auth/passkey/registration-options", { password: PASSWORD }, cookie);
    expect(sixth.status).toBe(400);
    expect(await sixth.json()).toMatchObject({ code: "PASSKEY_LIMIT", error: PASSKEY_MESSAGES.limitReached });
    expect(await listOf(cookie)).toHaveLength(PASSKEY_LIMIT);
  });
});

describe("signing in with a passkey", () => {
  it("starts a session without password or code, even with two-factor sign-in on, and counts up", async () => {
    const { cookie } = await signUpWithTwoFactor(t, "passkey-2fa@example.test");
    const authenticator = new SoftwareAuthenticator(relyingParty);
    expect((await registerPasskey(cookie, authenticator)).status).toBe(200);

    const signedIn = await signInWith(authenticator);
    expect(signedIn.status).toBe(200);
    const newCookie = sessionCookieFrom(signedIn);
    expect(await sessionUserOf(newCookie)).toBe("passkey-2fa@example.test");
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.credentialId, authenticator.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect((await signInWith(authenticator)).status).toBe(200);
    const [after] = await t.db.select().from(passkeys).where(eq(passkeys.credentialId, authenticator.id));
    expect(after?.counter).toBe(2);
  });

  it("refuses a replayed answer, another origin, a missing user verification and an unknown key", async () => {
    const cookie = await t.signUpAndConfirm("passkey-angriff@example.test");
    const authenticator = new SoftwareAuthenticator(relyingParty);
    await registerPasskey(cookie, authenticator);

    const start = await t.postJson("/api/auth/passkey/sign-in-options", {});
    const { challengeId, options } = await start.json();
    const response = authenticator.authenticate(options);
    expect((await t.postJson("/api/auth/passkey/sign-in", { challengeId, response })).status).toBe(200);
    const replay = await t.postJson("/api/auth/passkey/sign-in", { challengeId, response });
    expect(replay.status).toBe(400);
    expect((await replay.json()).code).toBe("PASSKEY_CHALLENGE_EXPIRED");

    const phished = await signInWith(authenticator, "https://phishing.example");
    expect(phished.status).toBe(401);
    expect(await phished.json()).toMatchObject({ code: "PASSKEY_INVALID", error: PASSKEY_MESSAGES.signInFailed });
    expect(phished.headers.getSetCookie().join()).not.toContain("postwerk.session_token=");

    authenticator.options.userVerified = false;
    const withoutPin = await signInWith(authenticator);
    expect(withoutPin.status).toBe(401);
    expect((await withoutPin.json()).code).toBe("PASSKEY_INVALID");
  });
});

describe("listing and removing passkeys", () => {
  it("lists only the account's own, removes one, and a removed one no longer signs in", async () => {
    const cookie = await t.signUpAndConfirm("passkey-liste@example.test");
    const other = await t.signUpAndConfirm("passkey-fremd@example.test");
    const authenticator = new SoftwareAuthenticator(relyingParty);
    await registerPasskey(cookie, authenticator, "Handy");
    const [own] = await listOf(cookie);
    expect(own?.name).toBe("Handy");
    expect(await listOf(other)).toEqual([]);

    const foreign = await t.postJson("/api/auth/passkey/delete", { id: own?.id }, other);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error).toBe(PASSKEY_MESSAGES.notFound);
    expect((await t.postJson("/api/auth/passkey/delete", { id: "kein-uuid" }, cookie)).status).toBe(404);
    expect((await t.postJson("/api/auth/passkey/delete", { id: own?.id }, cookie)).status).toBe(200);
    expect(await listOf(cookie)).toEqual([]);

    const removed = await signInWith(authenticator);
    expect(removed.status).toBe(401);
    expect((await removed.json()).code).toBe("PASSKEY_UNKNOWN");
  });

  it("puts the passkeys into the data export and deletes them with the account", async () => {
    const cookie = await t.signUpAndConfirm("passkey-export@example.test");
    const authenticator = new SoftwareAuthenticator(relyingParty);
    await registerPasskey(cookie, authenticator, "Schlüsselbund");
    const exported = await t.api(cookie)["data-export"].$get();
    const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
    const list = JSON.parse(new TextDecoder().decode(files["passkeys.json"]));
    expect(list).toEqual([
      expect.objectContaining({ name: "Schlüsselbund", credentialId: authenticator.id, backedUp: true }),
    ]);
    expect(new TextDecoder().decode(files["LIESMICH.txt"])).toContain("passkeys.json");

    const [owner] = await t.db.select().from(user).where(eq(user.email, "passkey-export@example.test"));
    const deleted = await t.postJson("/api/auth/delete-user", { password: PASSWORD }, cookie);
    expect(deleted.status).toBe(200);
    expect(
      await t.db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, owner?.id ?? "")),
    ).toEqual([]);
  });
});
