import { getSessionFromCtx } from "better-auth/api";
import { parseWithMessage } from "#server/validation.ts";
import { UserFieldsSchema } from "#shared/account.schemas.ts";
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH } from "#shared/account.ts";
import { INVALID_CHARACTERS_MESSAGE } from "#shared/text.schemas.ts";
import { findPasswordWeakness, type PasswordOwner } from "./password-strength.ts";

// What Better Auth would store or accept as it comes, checked before its endpoints run
// (server/auth.ts, hooks.before; ADR 0020): bounded user fields without
// control characters, and no password that is easy to guess (ADR 0043). Sign-in is not
// checked: an old account with a weak password can still sign in and change it.

const PATHS_WITH_USER_FIELDS = new Set(["/sign-up/email", "/update-user", "/change-email"]);

// Where a new password arrives, and the German words for one that is too short (Better Auth's
// own answer would be English).
const NEW_PASSWORD_FIELD: Record<string, { field: string; tooShort: string }> = {
  "/sign-up/email": { field: "password", tooShort: ACCOUNT_MESSAGES.passwordTooShort },
  "/change-password": { field: "newPassword", tooShort: ACCOUNT_MESSAGES.newPasswordTooShortAnswer },
  "/reset-password": { field: "newPassword", tooShort: ACCOUNT_MESSAGES.newPasswordTooShortAnswer },
};

/**
 * The German message for the first problem in an auth request's body, or null. `ownerOf`
 * says whose new password it is (asked only when a password is to be judged).
 */
export async function findAuthInputProblem(
  path: string,
  body: unknown,
  ownerOf: () => Promise<PasswordOwner> = async () => ({}),
): Promise<string | null> {
  // Anything but an object is Better Auth's own validation's to refuse.
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  // PostgreSQL takes no NUL in a text value: a token or address with one would end in a 500 at
  // the first lookup (the reset token's owner below, or Better Auth's own).
  if (Object.values(body).some((value) => typeof value === "string" && value.includes("\u0000")))
    return INVALID_CHARACTERS_MESSAGE;
  if (PATHS_WITH_USER_FIELDS.has(path)) {
    const parsed = parseWithMessage(UserFieldsSchema, body, ACCOUNT_MESSAGES.nameInvalid);
    if (!parsed.success) return parsed.message;
  }
  const newPassword = NEW_PASSWORD_FIELD[path];
  const password = newPassword ? (body as Record<string, unknown>)[newPassword.field] : undefined;
  if (typeof password !== "string" || !newPassword) return null;
  if (password.length < PASSWORD_MIN_LENGTH) return newPassword.tooShort;
  return findPasswordWeakness(password, await ownerOf());
}

type AuthContext = Parameters<typeof getSessionFromCtx>[0];

/**
 * Whose new password an auth request carries, so that their own name and address count as
 * easy to guess: the sign-up's fields, the signed-in user on a change, the owner of the
 * reset token (looked up as Better Auth's /reset-password does). Unknown: nobody.
 */
export async function passwordOwnerOf(ctx: AuthContext): Promise<PasswordOwner> {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  if (ctx.path === "/sign-up/email") return { email: body.email, name: body.name };
  if (ctx.path === "/change-password") {
    const session = await getSessionFromCtx(ctx);
    return session ? { email: session.user.email, name: session.user.name } : {};
  }
  const token = body.token ?? ctx.query?.token;
  if (ctx.path !== "/reset-password" || typeof token !== "string") return {};
  const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  const user = verification ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
  return user ? { email: user.email, name: user.name } : {};
}
