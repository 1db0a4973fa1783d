import type { Page, Route } from "@playwright/test";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";

/**
 * Holds every request to `held` until a request to `awaited` has gone out, then lets them pass:
 * shows that the page asks for both at once rather than one after the other (ADR 0072).
 */
async function expectAskedAlongside(page: Page, pathname: string, held: string, awaited: string) {
  const holding: Route[] = [];
  let released = false;
  await page.route(held, (route) => (released ? route.continue() : holding.push(route)));
  const asked = page.waitForRequest(awaited);
  // Not awaited yet: the fixture's goto waits for hydration, which waits for the held answers.
  const loaded = page.goto(pathname);
  // While nothing held has been answered: the page did not wait for it.
  await asked;
  released = true;
  for (const route of holding) await route.continue();
  await loaded;
}

test("a signed-out visit to /konto ends on /auth, with the way back (ADR 0083)", async ({ page }) => {
  await page.goto("/konto");
  await expect(page).toHaveURL(/\/auth\?returnUrl=%2Fkonto&anmelden=1$/);
  await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
});

test("a direct load of /konto asks for the profile while the session check is still out", async ({ page }) => {
  await signUpConfirmed(page);
  await expectAskedAlongside(page, "/konto", "**/api/auth/get-session*", "**/api/profile");
  await expect(page.getByText("Verbleibende Credits")).toBeVisible();
});

test("the account forms show every validation message and confirm an e-mail change", async ({ page }) => {
  await signUpConfirmed(page);
  await page.goto("/konto");

  await page.getByRole("button", { name: "E-Mail ändern" }).click();
  await page.getByLabel("Neue E-Mail-Adresse", { exact: true }).fill("keine-adresse");
  await page.getByLabel("Neue E-Mail-Adresse bestätigen").fill("andere@example.test");
  await page.getByRole("button", { name: "E-Mail ändern" }).last().click();
  await expect(page.getByText(ACCOUNT_MESSAGES.changeEmailInvalid)).toBeVisible();
  await page.getByLabel("Neue E-Mail-Adresse", { exact: true }).fill("neu@example.test");
  await page.getByRole("button", { name: "E-Mail ändern" }).last().click();
  await expect(page.getByText(ACCOUNT_MESSAGES.changeEmailMismatch)).toBeVisible();
  await page.getByLabel("Neue E-Mail-Adresse bestätigen").fill("neu@example.test");
  await page.getByRole("button", { name: "E-Mail ändern" }).last().click();
  await expect(
    page.getByText("Bitte geben Sie Ihr aktuelles Passwort ein, um die E-Mail-Adresse zu ändern."),
  ).toBeVisible();
  await page.locator("#emailChangePassword").fill("Laterne-Zimt-42");
  await page.getByRole("button", { name: "E-Mail ändern" }).last().click();
  await expect(page.getByText("Eine Bestätigungs-E-Mail wurde an Ihre neue Adresse gesendet.")).toBeVisible();
  await expect(page.getByLabel("Neue E-Mail-Adresse bestätigen")).toBeHidden();

  await page.getByRole("button", { name: "Passwort ändern" }).click();
  await page.getByLabel("Aktuelles Passwort").fill("Laterne-Zimt-42");
  await page.getByLabel("Neues Passwort", { exact: true }).fill("kurz");
  await page.getByLabel("Neues Passwort bestätigen").fill("anders123");
  await page.getByRole("button", { name: "Passwort ändern" }).last().click();
  await expect(page.getByText(ACCOUNT_MESSAGES.newPasswordTooShort)).toBeVisible();
  await page.getByLabel("Neues Passwort", { exact: true }).fill("lang-genug1");
  await page.getByRole("button", { name: "Passwort ändern" }).last().click();
  await expect(page.getByText(ACCOUNT_MESSAGES.newPasswordMismatch)).toBeVisible();
  await page.getByLabel("Neues Passwort bestätigen").fill("lang-genug1");
  await page.getByLabel("Aktuelles Passwort").fill("falsch999");
  await page.getByRole("button", { name: "Passwort ändern" }).last().click();
  await expect(page.getByText("Fehler beim Ändern des Passworts: Das aktuelle Passwort ist falsch.")).toBeVisible();
});

test("a non-admin visiting /admin ends on the home page and sees no Admin link", async ({ page }) => {
  await signUpConfirmed(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel("Credits: 10 von 100")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin" })).toHaveCount(0);
});

test("a direct load of /admin asks for the messages while the access check is still out", async ({
  page,
  admin: _admin,
}) => {
  await expectAskedAlongside(page, "/admin", "**/api/admin/access", "**/api/admin/messages");
  await expect(page.getByRole("heading", { name: "Kontaktanfragen" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Nachrichten", selected: true })).toBeVisible();
});

test("an admin sees the Admin link and the dashboard", async ({ page, admin: _admin }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin-Dashboard" })).toBeVisible();
});
