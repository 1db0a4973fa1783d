import { APIError } from "better-auth/api";
import { and, eq, like } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { verification } from "#server/db/schema/auth.ts";
import { BACKUP_CODE_PATTERN, normalizeBackupCode, TOTP_DIGITS, TWO_FACTOR_MESSAGES } from "#shared/two-factor.ts";

/** The two endpoints of Better Auth's two-factor plugin that check a code for a signed-in user. */
export type SecondFactorApi = {
  verifyTOTP: (input: { body: { code: string }; headers: Headers }) => Promise<unknown>;
  verifyBackupCode: (input: { body: { code: string; disableSession: boolean }; headers: Headers }) => Promise<unknown>;
};

type DisableRequest = {
  body: unknown;
  headers: Headers | undefined;
  /** Better Auth's own password check for the signed-in user; throws INVALID_PASSWORD. */
  checkPassword: () => Promise<unknown>;
};

const TOTP_CODE = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/**
 * ADR 0041: turning two-factor sign-in off needs the password and a second factor, a current code
 * from the app or an unused backup code (which that uses up). The password is checked first, so
 * the answer says nothing about a code to someone who does not know it. The codes are checked by
 * the plugin's own endpoints, with the request's session; wrong ones answer 400 in German.
 */
export async function checkSecondFactorForDisable(request: DisableRequest, api: SecondFactorApi): Promise<void> {
  const body = (typeof request.body === "object" && request.body !== null ? request.body : {}) as Record<
    string,
    unknown
  >;
  const code = typeof body.code === "string" ? body.code.replace(/\s/g, "") : "";
  if (!code || !request.headers) {
    throw new APIError("BAD_REQUEST", { message: TWO_FACTOR_MESSAGES.codeRequired, code: "TWO_FACTOR_CODE_REQUIRED" });
  }
  await request.checkPassword();
  const headers = request.headers;
  const backupCode = normalizeBackupCode(code);
  const isBackupCode = BACKUP_CODE_PATTERN.test(backupCode);
  if (!isBackupCode && !TOTP_CODE.test(code)) throw invalidCode(false);
  try {
    if (isBackupCode) await api.verifyBackupCode({ body: { code: backupCode, disableSession: true }, headers });
    else await api.verifyTOTP({ body: { code }, headers });
  } catch (error) {
    if (error instanceof APIError) throw invalidCode(isBackupCode);
    throw error;
  }
}

function invalidCode(isBackupCode: boolean): APIError {
  return isBackupCode
    ? new APIError("BAD_REQUEST", { message: TWO_FACTOR_MESSAGES.backupCodeInvalid, code: "INVALID_BACKUP_CODE" })
    : new APIError("BAD_REQUEST", { message: TWO_FACTOR_MESSAGES.codeInvalid, code: "INVALID_CODE" });
}

/**
 * ADR 0041: turning two-factor sign-in off forgets every device trusted for it, not only the
 * browser that turns it off (the plugin's own step): switched on again later, a device trusted
 * before must not skip the code. The plugin keeps them as `trust-device-…` verification rows.
 */
export async function forgetTrustedDevices(db: Database, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(like(verification.identifier, "trust-device-%"), eq(verification.value, userId)));
}
