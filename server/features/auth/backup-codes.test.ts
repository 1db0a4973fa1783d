import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { twoFactor, user } from "#server/db/schema/auth.ts";
import { BACKUP_CODE_ALPHABET, generateBackupCodes, normalizeBackupCode } from "#shared/two-factor.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { signUpWithTwoFactor, startSignIn } from "../../../tests/setup/two-factor.ts";

// ADR 0103: backup codes in one case without look-alike characters, and entries compared
// without regard to case, dashes and spaces, also for the mixed-case codes issued before.

setUpTestApp();

const NEW_CODE = new RegExp(`^[${BACKUP_CODE_ALPHABET}]{5}-[${BACKUP_CODE_ALPHABET}]{5}$`);
const TEST_SECRET = "test-secret-that-is-long-enough-for-better-auth";

function enterBackupCode(email: string, code: string) {
  return startSignIn(t, email).then(({ cookies }) =>
    t.postJson("/api/auth/two-factor/verify-backup-code", { code }, cookies.get("postwerk.two_factor")),
  );
}

describe("backup code alphabet", () => {
  it("has 31 characters in one case and none that look alike", () => {
    expect(BACKUP_CODE_ALPHABET).toHaveLength(31);
    expect(new Set(BACKUP_CODE_ALPHABET).size).toBe(31);
    expect(BACKUP_CODE_ALPHABET).toBe(BACKUP_CODE_ALPHABET.toUpperCase());
    for (const confusable of ["0", "O", "1", "l", "I", "L"]) expect(BACKUP_CODE_ALPHABET).not.toContain(confusable);
    const codes = generateBackupCodes(200);
    for (const code of codes) expect(code).toMatch(NEW_CODE);
    expect(new Set(codes).size).toBe(200);
  });

  it("compares entries without regard to case, dashes and spaces", () => {
    expect(normalizeBackupCode(" abcde fghjk ")).toBe("ABCDE-FGHJK");
    expect(normalizeBackupCode("abcdefghjk")).toBe("ABCDE-FGHJK");
    expect(normalizeBackupCode("aB3dE-f6Gh1")).toBe("AB3DE-F6GH1");
    expect(normalizeBackupCode("123456")).toBe("123456");
  });
});

describe("signing in with a backup code", () => {
  it("gives new codes from the alphabet and takes one typed in lower case without the dash, once", async () => {
    const { backupCodes } = await signUpWithTwoFactor(t, "neue-codes@example.test");
    for (const code of backupCodes) expect(code).toMatch(NEW_CODE);
    const code = backupCodes[0] ?? expect.unreachable();
    const typed = code.toLowerCase().replace("-", " ");
    expect((await enterBackupCode("neue-codes@example.test", typed)).status).toBe(200);
    expect((await enterBackupCode("neue-codes@example.test", code)).status).toBe(401);
  });

  it("still takes an older mixed-case code, in any case, once", async () => {
    await signUpWithTwoFactor(t, "alte-codes@example.test");
    const [owner] = await t.db.select().from(user).where(eq(user.email, "alte-codes@example.test"));
    const oldCodes = ["aB3dE-f6Gh1", "Zz9xQ-0oLl1"];
    const stored = await symmetricEncrypt({ key: TEST_SECRET, data: JSON.stringify(oldCodes) });
    await t.db
      .update(twoFactor)
      .set({ backupCodes: stored })
      .where(eq(twoFactor.userId, owner?.id ?? ""));

    expect((await enterBackupCode("alte-codes@example.test", "aB3dE-f6Gh1")).status).toBe(200);
    expect((await enterBackupCode("alte-codes@example.test", "AB3DE-F6GH1")).status).toBe(401);
    expect((await enterBackupCode("alte-codes@example.test", "zz9xq0olL1")).status).toBe(200);
  });
});
