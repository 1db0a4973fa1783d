import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_FOUND_MESSAGE } from "#server/api-error.ts";
import { NOT_SIGNED_IN_MESSAGE } from "#server/session.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { languageProblem } from "../../../tests/support/german-text.ts";
import { BETTER_AUTH_MESSAGES, germanAuthError } from "./auth-messages.ts";

// ADR 0080: Better Auth's answers under /api/auth reach the browser in German, with its code, in
// the API's one error shape { error, code } (ADR 0101).

setUpTestApp();

const REDIRECT_REFUSED = {
  error: "Diese Weiterleitungsadresse ist nicht erlaubt. Bitte starten Sie den Vorgang auf unserer Seite neu.",
  code: "INVALID_CALLBACK_URL",
};

describe("Better Auth's answers", () => {
  it("refuse a foreign callbackURL on sign-in and sign-up in German", async () => {
    await t.signUpAndConfirm("weiterleitung@example.test");
    const signIn = await t.postJson("/api/auth/sign-in/email", {
      email: "weiterleitung@example.test",
      password: "Laterne-Zimt-42",
      callbackURL: "https://evil.example",
    });
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toEqual(REDIRECT_REFUSED);

    const signUp = await t.signUp({ email: "neu-weiterleitung@example.test", callbackURL: "https://evil.example" });
    expect(signUp.status).toBe(403);
    expect(await signUp.json()).toEqual(REDIRECT_REFUSED);
  });

  it("speak German around a deleted account: the deletion, its old session and its sign-in", async () => {
    const cookie = await t.signUpAndConfirm("geloescht@example.test");
    const deletion = await t.postJson("/api/auth/delete-user", { password: "Laterne-Zimt-42" }, cookie);
    expect(deletion.status).toBe(200);
    expect(await deletion.json()).toEqual({ success: true, message: "Ihr Konto wurde gelöscht." });

    const update = await t.postJson("/api/auth/update-user", { name: "Wieder da" }, cookie);
    expect(update.status).toBe(401);
    expect(await update.json()).toEqual({ error: NOT_SIGNED_IN_MESSAGE, code: "UNAUTHORIZED" });

    const signIn = await t.postJson("/api/auth/sign-in/email", {
      email: "geloescht@example.test",
      password: "Laterne-Zimt-42",
    });
    expect(signIn.status).toBe(401);
    expect(await signIn.json()).toEqual({
      error: "E-Mail-Adresse oder Passwort ist falsch.",
      code: "INVALID_EMAIL_OR_PASSWORD",
    });
  });

  it("answer a body Better Auth's schema refuses, and a path it does not know, in German with a code", async () => {
    const invalid = await t.postJson("/api/auth/sign-in/email", { email: 1 });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: "Die Angaben sind unvollständig oder ungültig. Bitte prüfen Sie Ihre Eingaben.",
      code: "VALIDATION_ERROR",
    });

    const unknown = await t.postJson("/api/auth/gibt-es-nicht", {});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: NOT_FOUND_MESSAGE, code: "NOT_FOUND" });
  });
});

describe("the German table of Better Auth's codes", () => {
  let withGoogle: TestApp;
  beforeAll(async () => {
    // With Google configured, the generic OAuth plugin adds its codes too.
    withGoogle = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: "postwerk-test",
        GOOGLE_CLIENT_SECRET: "geheim",
        GOOGLE_DISCOVERY_URL: "http://127.0.0.1:9/.well-known/openid-configuration",
      },
    });
  });
  afterAll(() => withGoogle?.close());

  it("has a German sentence for every code of Better Auth and its plugins", () => {
    const codes = Object.keys(withGoogle.deps.auth.$ERROR_CODES);
    expect(codes).toContain("INVALID_OAUTH_CONFIGURATION");
    expect(codes.filter((code) => !Object.hasOwn(BETTER_AUTH_MESSAGES, code))).toEqual([]);
    for (const [code, message] of Object.entries(BETTER_AUTH_MESSAGES))
      expect(languageProblem(message), code).toBeNull();
  });

  it("answers a code it does not know with the general sentence for the status, never the English one", () => {
    expect(germanAuthError(400, { message: "Something new went wrong", code: "SOMETHING_NEW" })).toEqual({
      error: "Die Angaben sind unvollständig oder ungültig. Bitte prüfen Sie Ihre Eingaben.",
      code: "SOMETHING_NEW",
    });
    expect(germanAuthError(409, { message: "Failed to verify backup code. Please try again." })).toEqual({
      error: "Das hat gerade nicht geklappt. Bitte versuchen Sie es erneut.",
      code: "REQUEST_FAILED",
    });
    // Our own hooks' refusals are German already and pass as they are.
    expect(
      germanAuthError(400, { message: "Der Name darf höchstens 100 Zeichen lang sein.", code: "INVALID_INPUT" }),
    ).toEqual({
      error: "Der Name darf höchstens 100 Zeichen lang sein.",
      code: "INVALID_INPUT",
    });
  });
});
