import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user as userTable, verification } from "#server/db/schema/auth.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { ACCOUNT_MESSAGES, PASSWORD_FEEDBACK } from "#shared/account.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { findPasswordWeakness } from "./password-strength.ts";

// ADR 0043: new passwords are judged by zxcvbn-ts with the German dictionaries, through the
// real endpoints; a refusal says why, in German.

setUpTestApp();

const { warnings, suggestions } = PASSWORD_FEEDBACK;

// What Germans pick (qwertz walks, Passwort, names and years, words with digits), each with
// zxcvbn's reason for it where the reason is worth pinning down.
const WEAK_PASSWORDS: [string, string?][] = [
  ["qwertz123", warnings.straightRow],
  ["qwertzuiop", warnings.straightRow],
  ["Qwertz1!"],
  ["asdfghjkl"],
  ["ysxcvbnm", warnings.keyPattern],
  ["1q2w3e4r5t"],
  ["123456789", warnings.topTen],
  ["Passwort1", warnings.common],
  ["passwort123"],
  ["Passwort!"],
  ["Kennwort1"],
  ["Geheim123"],
  ["Hallo123", warnings.common],
  ["Hallo1234!"],
  ["Schatz2024"],
  ["Fussball1"],
  ["Fußball2024"],
  ["Sommer2025!"],
  ["Winter2024"],
  ["Michael1985"],
  ["Sabine1970"],
  ["Thomas2000"],
  ["Schalke04", warnings.common],
  ["Bayern1900"],
  ["Berlin2020"],
  ["Deutschland1"],
  ["Sonnenschein1"],
  ["Weihnachten23"],
  ["Mausi123"],
  ["Frühling2024"],
  ["Hase2000"],
  ["Schnucki1"],
  ["Postwerk2025", warnings.userInputs],
];

// Ordinary good passwords: a few words, a random 9 characters.
const DECENT_PASSWORDS = [
  "Laterne-Zimt-42",
  "Zimtschnecke-Fahrrad",
  "Kaffeetasse am Morgen",
  "mein Hund heisst Bello 7",
  "x7Kp!2qLm",
  "Regenschirm-Blau-42",
  "Blaue Wolke über Köln",
  "Gurkensalat mit Dill",
  "Dachboden-Kiwi-9",
  "Tr0mpete#Wald",
];

function uniqueEmail(prefix: string) {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.test`;
}

/** A sign-up with a fresh address that starts with `emailPrefix`. */
function signUpNew(password: string, name: string, emailPrefix: string) {
  return t.signUp({ email: uniqueEmail(emailPrefix), password, name });
}

async function messageOf(response: Response): Promise<string> {
  return (await response.json()).error;
}

describe("weak passwords (ADR 0043)", () => {
  it("has at least 25 German examples", () => {
    expect(WEAK_PASSWORDS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(WEAK_PASSWORDS)(
    "sign-up refuses %s with the German reason and creates no account",
    async (password, reason) => {
      const email = uniqueEmail("schwach");
      const response = await t.signUp({ email, password, name: "Neu" });
      expect(response.status).toBe(400);
      const message = await messageOf(response);
      expect(message.startsWith(`${ACCOUNT_MESSAGES.passwordTooWeak} `)).toBe(true);
      expect(message).toContain(suggestions.anotherWord);
      if (reason) expect(message).toContain(reason);
      expect(await t.db.select().from(profiles).where(eq(profiles.email, email))).toHaveLength(0);
    },
  );

  it("says it in full sentences of the site's own words", async () => {
    const response = await signUpNew("qwertz123", "Neu", "tastatur");
    expect(await messageOf(response)).toBe(
      [
        ACCOUNT_MESSAGES.passwordTooWeak,
        warnings.straightRow,
        suggestions.anotherWord,
        suggestions.longerKeyboardPattern,
      ].join(" "),
    );
  });

  it("change-password refuses every one of them, and the old password keeps working", async () => {
    const email = uniqueEmail("wechsel");
    const cookie = await t.signUpAndConfirm(email, "altesPasswort1");
    for (const [password, reason] of WEAK_PASSWORDS) {
      const response = await t.changePassword(cookie, password, "altesPasswort1");
      expect(response.status, password).toBe(400);
      const message = await messageOf(response);
      expect(message.startsWith(`${ACCOUNT_MESSAGES.passwordTooWeak} `), password).toBe(true);
      if (reason) expect(message, password).toContain(reason);
    }
    await expect(t.signIn(email, "altesPasswort1")).resolves.toContain("postwerk.session_token=");
  });

  it("answers an overlong password with 400, not 500", async () => {
    const response = await signUpNew("Laterne-Zimt-42".repeat(700), "Neu", "lang");
    expect(response.status).toBe(400);
  });
});

describe("decent passwords (ADR 0043)", () => {
  it.each(DECENT_PASSWORDS)("sign-up accepts %s", async (password) => {
    const response = await signUpNew(password, "Neu", "stark");
    expect(response.status).toBe(200);
  });

  it("change-password accepts one, and only the new password signs in", async () => {
    const email = uniqueEmail("stark-wechsel");
    const cookie = await t.signUpAndConfirm(email, "altesPasswort1");
    const response = await t.changePassword(cookie, "Blaue Wolke über Köln", "altesPasswort1");
    expect(response.status).toBe(200);
    await expect(t.signIn(email, "Blaue Wolke über Köln")).resolves.toContain("postwerk.session_token=");
  });
});

describe("the person's own name and address (ADR 0043)", () => {
  const annasPasswords = ["Anna.Mueller!7", "AnnaMüller#1990", "annamueller2024"];

  it.each(annasPasswords)("sign-up refuses %s for Anna Müller but not for Ben Becker", async (password) => {
    const anna = await signUpNew(password, "Anna Müller", "anna.mueller");
    expect(anna.status).toBe(400);
    expect(await messageOf(anna)).toContain(warnings.userInputs);
    const ben = await signUpNew(password, "Ben Becker", "ben.becker");
    expect(ben.status).toBe(200);
  });

  it("judges the name the same whatever else the address holds", async () => {
    // Addresses whose random part once pushed the name's words down zxcvbn's ranking.
    for (const email of ["anna.mueller-2431bbd7@example.test", "anna.mueller-caff8260@example.test"]) {
      for (const password of annasPasswords) {
        expect(
          await findPasswordWeakness(password, { email, name: "Anna Müller" }),
          `${password} / ${email}`,
        ).not.toBeNull();
      }
    }
  });

  it("change-password judges against the signed-in account's name and address", async () => {
    const cookie = await t.signUpAndConfirm("anna.mueller@example.test");
    const response = await t.changePassword(cookie, "Anna.Mueller!7");
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toContain(warnings.userInputs);
  });

  it("reset-password judges against the account the reset token belongs to", async () => {
    await t.signUpAndConfirm("carla.schmidt@example.test");
    const [carla] = await t.db.select().from(userTable).where(eq(userTable.email, "carla.schmidt@example.test"));
    await t.db.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: "reset-password:token-von-carla",
      value: carla?.id ?? "",
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const response = await t.postJson("/api/auth/reset-password", {
      newPassword: "Carla.Schmidt!7",
      token: "token-von-carla",
    });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toContain(warnings.userInputs);
    const stranger = await t.postJson("/api/auth/reset-password", {
      newPassword: "Carla.Schmidt!7",
      token: "unbekanntes-token",
    });
    expect(await messageOf(stranger)).not.toContain(ACCOUNT_MESSAGES.passwordTooWeak);
  });
});

describe("loading the dictionaries (ADR 0043)", () => {
  // A fresh process, as at server start: Better Auth's setup imports the module, the
  // dictionaries come with the first password judged. The packages are CommonJS, so Node's
  // module cache shows them.
  const probe = `
    import { createRequire } from "node:module";
    const loaded = () => Object.keys(createRequire(process.cwd() + "/").cache).some((file) => file.includes("@zxcvbn-ts"));
    await import("./server/auth.ts");
    const atStart = loaded();
    const { findPasswordWeakness } = await import("./server/features/auth/password-strength.ts");
    await findPasswordWeakness("Laterne-Zimt-42");
    console.log(JSON.stringify({ atStart, afterFirstUse: loaded() }));
  `;

  it("waits for the first password, not the server start", async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "--eval", probe],
      { cwd: root },
    );
    expect(JSON.parse(stdout.trim().split("\n").at(-1) ?? "")).toEqual({ atStart: false, afterFirstUse: true });
  });
});
