import { ACCOUNT_MESSAGES, PASSWORD_FEEDBACK, SIGN_IN_TEXTS } from "#shared/account.ts";
import { SUCCESS_PAGE_REDIRECT_MS } from "#shared/timing.ts";
import { confirmationLinkFor, expect, signInThroughForm, signInWithGoogle, test, uniqueEmail } from "./fixtures.ts";

test("a new user signs up, confirms the address, changes the password and signs in with it", async ({ page }) => {
  const email = uniqueEmail("registrierung");

  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
  await page.getByRole("button", { name: "Jetzt registrieren" }).click();
  await expect(page.getByRole("heading", { name: "Konto erstellen" })).toBeVisible();
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill("startPasswort1");
  const submit = page.getByRole("button", { name: "Registrieren" });
  await expect(page.getByText("Bitte akzeptieren Sie die Datenschutzbedingungen")).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByRole("checkbox", { name: "Ich habe die Datenschutzbedingungen zur Kenntnis genommen" }).click();
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page).toHaveURL(/\/auth\/registration-success$/);
  await expect(page.getByRole("heading", { name: "Vielen Dank für Ihre Registrierung!" })).toBeVisible();

  // Double opt-in: no sign-in before the link is followed.
  await page.goto("/auth");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill("startPasswort1");
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(
    page.getByText("Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in unserer E-Mail."),
  ).toBeVisible();

  // The success page goes home after SUCCESS_PAGE_REDIRECT_MS of the page's own clock, which
  // stands still here: the test moves it on, so the machine's speed cannot decide the outcome.
  const link = await confirmationLinkFor(email);
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/email-confirm-success$/);
  await expect(page.getByText("Ihre E-Mail-Adresse ist bestätigt und Sie sind jetzt angemeldet.")).toBeVisible();
  await page.clock.runFor(SUCCESS_PAGE_REDIRECT_MS - 100);
  // A redirect that was due would load the home page's code now; nothing may be on its way.
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(/\/auth\/email-confirm-success$/);
  await page.clock.runFor(100);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await page.clock.resume();
  await expect(page.getByLabel("Credits: 10 von 100")).toHaveText("10/100");

  await page.getByRole("link", { name: "Konto", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Mein Konto" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("Kostenlos")).toBeVisible();
  await page.getByRole("button", { name: "Passwort ändern" }).click();
  await page.getByLabel("Aktuelles Passwort").fill("startPasswort1");
  await page.getByLabel("Neues Passwort", { exact: true }).fill("neuesPasswort2");
  await page.getByLabel("Neues Passwort bestätigen").fill("neuesPasswort2");
  await page.getByRole("button", { name: "Passwort ändern" }).last().click();
  await expect(page.getByText("Ihr Passwort wurde erfolgreich geändert.")).toBeVisible();

  await page.getByRole("main").getByRole("button", { name: "Abmelden" }).click();
  await expect(page.getByText("Erfolgreich abgemeldet")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/auth");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill("startPasswort1");
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page.getByText("E-Mail-Adresse oder Passwort ist falsch.")).toBeVisible();

  await signInThroughForm(page, email, "neuesPasswort2");
  await expect(page).toHaveURL(/\/erstellen$/);

  await page.getByRole("banner").getByRole("button", { name: "Abmelden" }).click();
  await expect(page.getByText(SIGN_IN_TEXTS.signedOut)).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Anmelden" })).toBeVisible();
});

test("Google sign-in through the OpenID Connect fake lands signed in", async ({ page }) => {
  const email = uniqueEmail("google");
  await signInWithGoogle(page, email);
  await expect(page.getByText(SIGN_IN_TEXTS.signedIn)).toBeVisible();
  await expect(page).toHaveURL(/\/erstellen$/);
  await page.goto("/konto");
  await expect(page.getByText(email)).toBeVisible();
});

test("sign-up mode and the optimizer notice follow the navigation state", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => {
    window.history.pushState({ usr: { returnUrl: "/xposter-evaluator" }, key: "e2e", idx: 1 }, "", "/auth");
  });
  await page.reload();
  await expect(page.getByText("Anmeldung erforderlich, um den X-Post Optimizer zu nutzen")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Konto erstellen" })).toBeVisible();
});

test("sign-up refuses an easily guessed password and says why in German (ADR 0043)", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Jetzt registrieren" }).click();
  await page.getByLabel("E-Mail").fill(uniqueEmail("haeufig"));
  await page.getByLabel("Passwort").fill("Passwort1");
  await page.getByRole("checkbox", { name: "Ich habe die Datenschutzbedingungen zur Kenntnis genommen" }).click();
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect(
    page.getByText(
      [
        ACCOUNT_MESSAGES.passwordTooWeak,
        PASSWORD_FEEDBACK.warnings.common,
        PASSWORD_FEEDBACK.suggestions.anotherWord,
        PASSWORD_FEEDBACK.suggestions.capitalization,
      ].join(" "),
    ),
  ).toBeVisible();
  // Nothing typed is lost: the form keeps its values for the next try.
  await expect(page.getByLabel("Passwort")).toHaveValue("Passwort1");
  await expect(page).toHaveURL(/\/auth$/);
});
