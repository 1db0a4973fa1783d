import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { BetterAuthPlugin, GenericEndpointContext } from "better-auth";
import { APIError, createAuthEndpoint, sessionMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import * as z from "zod";
import type { Database } from "#server/db/client.ts";
import {
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_LIMIT,
  PASSKEY_MESSAGES,
  PASSKEY_NAME_MAX_LENGTH,
  PASSKEY_REAUTH_MAX_AGE_MINUTES,
} from "#shared/passkeys.ts";
import {
  addPasskey,
  countPasskeys,
  credentialsOf,
  deletePasskey,
  findPasskeyByCredentialId,
  listPasskeys,
  recordPasskeyUse,
} from "./passkeys.service.ts";

// ADR 0102: passkeys as a Better Auth plugin of our own on SimpleWebAuthn, so a passkey sign-in
// gets the same session, cookie, hooks (new-device mail) and rate limits as every other one.

const RP_NAME = "Postwerk";
const CHALLENGE_PREFIX = "passkey-challenge-";

type Purpose = "registration" | "authentication";
type StoredChallenge = { challenge: string; purpose: Purpose; userId: string | null };

/** The relying party: the host and origin of BASE_URL, which the browser checks the page against. */
export function relyingPartyOf(baseUrl: string): { rpID: string; origin: string } {
  const url = new URL(baseUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const WebAuthnResponseSchema = z
  .object({ id: z.string().min(1).max(1024), rawId: z.string().max(1024), type: z.literal("public-key") })
  .passthrough();

const NameSchema = z
  .string()
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, PASSKEY_MESSAGES.nameTooLong)
  .regex(/^[^\p{Cc}]*$/u, PASSKEY_MESSAGES.nameRequired);

function fail(status: "BAD_REQUEST" | "UNAUTHORIZED" | "NOT_FOUND", code: string, message: string): APIError {
  return new APIError(status, { message, code });
}

async function storeChallenge(ctx: GenericEndpointContext, value: StoredChallenge): Promise<string> {
  const id = crypto.randomUUID();
  await ctx.context.internalAdapter.createVerificationValue({
    identifier: `${CHALLENGE_PREFIX}${id}`,
    value: JSON.stringify(value),
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_MINUTES * 60_000),
  });
  return id;
}

/** The challenge, once: taken out of the table whether the answer that follows is right or not. */
async function takeChallenge(ctx: GenericEndpointContext, id: string, purpose: Purpose): Promise<StoredChallenge> {
  const row = await ctx.context.internalAdapter.consumeVerificationValue(`${CHALLENGE_PREFIX}${id}`);
  const stored = row && row.expiresAt > new Date() ? (JSON.parse(row.value) as StoredChallenge) : null;
  if (!stored || stored.purpose !== purpose) {
    throw fail("BAD_REQUEST", "PASSKEY_CHALLENGE_EXPIRED", PASSKEY_MESSAGES.challengeExpired);
  }
  return stored;
}

/**
 * A new way into the account needs a fresh confirmation, like an e-mail change (ADR 0044): the
 * password when the account has one, otherwise a sign-in from the last minutes.
 */
async function assertFreshConfirmation(
  ctx: GenericEndpointContext,
  session: { userId: string; createdAt: Date },
): Promise<void> {
  const credential = await ctx.context.internalAdapter.findCredentialAccount(session.userId);
  if (credential?.password) {
    const password = (ctx.body as { password?: unknown }).password;
    if (typeof password !== "string" || !password) {
      throw fail("BAD_REQUEST", "PASSWORD_REQUIRED", PASSKEY_MESSAGES.passwordRequired);
    }
    await ctx.context.password.checkPassword(session.userId, ctx);
    return;
  }
  const age = Date.now() - new Date(session.createdAt).getTime();
  if (age > PASSKEY_REAUTH_MAX_AGE_MINUTES * 60_000) {
    throw fail("BAD_REQUEST", "REAUTH_REQUIRED", PASSKEY_MESSAGES.reauthRequired);
  }
}

const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const fromBase64Url = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));

export function passkeyPlugin({ db, baseUrl }: { db: Database; baseUrl: string }) {
  const { rpID, origin } = relyingPartyOf(baseUrl);
  return {
    id: "postwerk-passkeys",
    endpoints: {
      passkeyRegistrationOptions: createAuthEndpoint(
        "/passkey/registration-options",
        { method: "POST", use: [sessionMiddleware], body: z.object({ password: z.string().max(1024).optional() }) },
        async (ctx) => {
          const { user, session } = ctx.context.session;
          await assertFreshConfirmation(ctx, session);
          if ((await countPasskeys(db, user.id)) >= PASSKEY_LIMIT) {
            throw fail("BAD_REQUEST", "PASSKEY_LIMIT", PASSKEY_MESSAGES.limitReached);
          }
          const existing = await credentialsOf(db, user.id);
          const options = await generateRegistrationOptions({
            rpName: RP_NAME,
            rpID,
            userName: user.email,
            userDisplayName: user.name || user.email,
            userID: new TextEncoder().encode(user.id),
            attestationType: "none",
            excludeCredentials: existing.map((credential) => ({
              id: credential.id,
              transports: credential.transports as AuthenticatorTransport[],
            })),
            // Discoverable (sign-in without typing the address) and with the device's PIN or
            // biometrics, which is what lets a passkey stand in for password and code (ADR 0102).
            authenticatorSelection: { residentKey: "required", userVerification: "required" },
          });
          const challengeId = await storeChallenge(ctx, {
            challenge: options.challenge,
            purpose: "registration",
            userId: user.id,
          });
          return ctx.json({ challengeId, options });
        },
      ),
      passkeyRegister: createAuthEndpoint(
        "/passkey/register",
        {
          method: "POST",
          use: [sessionMiddleware],
          body: z.object({
            challengeId: z.string().max(100),
            name: z.string().max(500),
            response: WebAuthnResponseSchema,
          }),
        },
        async (ctx) => {
          const { user } = ctx.context.session;
          const name = NameSchema.safeParse(ctx.body.name);
          if (!name.success) {
            throw fail("BAD_REQUEST", "INVALID_INPUT", name.error.issues[0]?.message ?? PASSKEY_MESSAGES.nameRequired);
          }
          const stored = await takeChallenge(ctx, ctx.body.challengeId, "registration");
          if (stored.userId !== user.id)
            throw fail("BAD_REQUEST", "PASSKEY_CHALLENGE_EXPIRED", PASSKEY_MESSAGES.challengeExpired);
          const verification = await verifyRegistrationResponse({
            response: ctx.body.response as unknown as RegistrationResponseJSON,
            expectedChallenge: stored.challenge,
            expectedOrigin: origin,
            expectedRPID: rpID,
            requireUserVerification: true,
          }).catch(() => null);
          if (!verification?.verified)
            throw fail("BAD_REQUEST", "PASSKEY_INVALID", PASSKEY_MESSAGES.registrationFailed);
          const info = verification.registrationInfo;
          const added = await addPasskey(db, {
            userId: user.id,
            name: name.data,
            credentialId: info.credential.id,
            publicKey: toBase64Url(info.credential.publicKey),
            counter: info.credential.counter,
            deviceType: info.credentialDeviceType,
            backedUp: info.credentialBackedUp,
            transports: info.credential.transports ?? [],
            aaguid: info.aaguid,
          });
          if (!added.ok && added.reason === "limit") {
            throw fail("BAD_REQUEST", "PASSKEY_LIMIT", PASSKEY_MESSAGES.limitReached);
          }
          if (!added.ok) throw fail("BAD_REQUEST", "PASSKEY_ALREADY_REGISTERED", PASSKEY_MESSAGES.alreadyRegistered);
          return ctx.json({ passkey: added.passkey });
        },
      ),
      passkeySignInOptions: createAuthEndpoint("/passkey/sign-in-options", { method: "POST" }, async (ctx) => {
        // No list of allowed credentials: the authenticator offers the passkeys it holds for
        // this site, so the address need not be typed and nothing tells whether one exists.
        const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
        const challengeId = await storeChallenge(ctx, {
          challenge: options.challenge,
          purpose: "authentication",
          userId: null,
        });
        return ctx.json({ challengeId, options });
      }),
      passkeySignIn: createAuthEndpoint(
        "/passkey/sign-in",
        { method: "POST", body: z.object({ challengeId: z.string().max(100), response: WebAuthnResponseSchema }) },
        async (ctx) => {
          const stored = await takeChallenge(ctx, ctx.body.challengeId, "authentication");
          const response = ctx.body.response as unknown as AuthenticationResponseJSON;
          const passkey = await findPasskeyByCredentialId(db, response.id);
          if (!passkey) throw fail("UNAUTHORIZED", "PASSKEY_UNKNOWN", PASSKEY_MESSAGES.unknownPasskey);
          const userHandle = response.response?.userHandle;
          if (userHandle && Buffer.from(userHandle, "base64url").toString("utf8") !== passkey.userId) {
            throw fail("UNAUTHORIZED", "PASSKEY_INVALID", PASSKEY_MESSAGES.signInFailed);
          }
          const verification = await verifyAuthenticationResponse({
            response,
            expectedChallenge: stored.challenge,
            expectedOrigin: origin,
            expectedRPID: rpID,
            credential: {
              id: passkey.credentialId,
              publicKey: fromBase64Url(passkey.publicKey),
              counter: passkey.counter,
              transports: passkey.transports as AuthenticatorTransport[],
            },
            requireUserVerification: true,
          }).catch(() => null);
          if (!verification?.verified) throw fail("UNAUTHORIZED", "PASSKEY_INVALID", PASSKEY_MESSAGES.signInFailed);
          const user = await ctx.context.internalAdapter.findUserById(passkey.userId);
          if (!user) throw fail("UNAUTHORIZED", "PASSKEY_UNKNOWN", PASSKEY_MESSAGES.unknownPasskey);
          await recordPasskeyUse(db, passkey.id, {
            counter: verification.authenticationInfo.newCounter,
            backedUp: verification.authenticationInfo.credentialBackedUp,
            at: new Date(),
          });
          // A passkey with user verification is two factors in one (ADR 0102): no code step.
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ status: true });
        },
      ),
      passkeyList: createAuthEndpoint("/passkey/list", { method: "GET", use: [sessionMiddleware] }, async (ctx) => {
        return ctx.json({ passkeys: await listPasskeys(db, ctx.context.session.user.id) });
      }),
      passkeyDelete: createAuthEndpoint(
        "/passkey/delete",
        { method: "POST", use: [sessionMiddleware], body: z.object({ id: z.string().max(100) }) },
        async (ctx) => {
          const id = z.uuid().safeParse(ctx.body.id);
          const removed = id.success && (await deletePasskey(db, ctx.context.session.user.id, id.data));
          if (!removed) throw fail("NOT_FOUND", "PASSKEY_NOT_FOUND", PASSKEY_MESSAGES.notFound);
          return ctx.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
