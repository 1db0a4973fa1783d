import type { Page } from "@playwright/test";
import { E2E_BASE_URL, E2E_DATA_DIR } from "../../playwright.config.ts";
import { readOutbox, waitForMail } from "../support/outbox.ts";
import { storeConsentChoice } from "./consent-choice.ts";
import { expect, signInThroughForm, signUpConfirmed, test, uniqueEmail } from "./fixtures.ts";

// ADR 0044: a forgotten password and a lost confirmation mail, as a customer walks through them.

async function saveNewPassword(page: Page, password: string, confirmation: string) {
  await page.getByLabel("Neues Passwort", { exact: true }).fill(password);
  await page.getByLabel("Neues Passwort bestätigen").fill(confirmation);
  await page.getByRole("button", { name: "Passwort speichern" }).click();
}

test("forgot password: mail, new password, signed in, old password refused, other device signed out", async ({
  page,
  browser,
}) => {
  const { email, password } = await signUpConfirmed(page);
  const otherDevice = await browser.newContext({ baseURL: E2E_BASE_URL });
  const otherPage = await otherDevice.newPage();
  await storeConsentChoice(otherPage);
  await signInThroughForm(otherPage, email, password);

  await page.context().clearCookies();
  await page.goto("/auth");
  await page.getByRole("link", { name: "Passwort vergessen?" }).click();
  await expect(page.getByRole("heading", { name: "Passwort vergessen" })).toBeVisible();
  await page.getByLabel("E-Mail").fill(email);
  await page.getByRole("button", { name: "Link zum Zurücksetzen senden" }).click();
  await expect(page.getByText("Wenn zu dieser Adresse ein Konto besteht")).toBeVisible();

  const mail = await waitForMail(E2E_DATA_DIR, email, (m) => m.subject === "Passwort zurücksetzen");
  await page.goto(mail.links[0] ?? "");
  await expect(page.getByRole("heading", { name: "Neues Passwort festlegen" })).toBeVisible();
  await saveNewPassword(page, "Lindenblüte-Kompass-77", "Lindenblüte-Kompass-78");
  await expect(page.getByText("Die Passwörter stimmen nicht überein.")).toBeVisible();
  await saveNewPassword(page, "Lindenblüte-Kompass-77", "Lindenblüte-Kompass-77");
  await expect(page.getByText("Ihr Passwort wurde geändert. Sie sind jetzt angemeldet")).toBeVisible();
  await expect(page).toHaveURL(/\/erstellen$/);
  await waitForMail(E2E_DATA_DIR, email, (m) => m.subject === "Ihr Passwort wurde zurückgesetzt");

  // The link works once.
  await page.goto(mail.links[0] ?? "");
  await expect(page.getByRole("heading", { name: "Link ungültig oder abgelaufen" })).toBeVisible();

  await otherPage.goto("/konto");
  await expect(otherPage).toHaveURL(/\/auth\?returnUrl=%2Fkonto&anmelden=1$/);
  await expect(otherPage.getByRole("heading", { name: "Anmelden" })).toBeVisible();
  await otherPage.getByLabel("E-Mail").fill(email);
  await otherPage.getByLabel("Passwort", { exact: true }).fill(password);
  await otherPage.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(otherPage.getByText("E-Mail-Adresse oder Passwort ist falsch.")).toBeVisible();
  await signInThroughForm(otherPage, email, "Lindenblüte-Kompass-77");
  await otherDevice.close();
});

test("an unconfirmed sign-in offers a new confirmation mail whose link confirms the account", async ({ page }) => {
  const email = uniqueEmail("spaet");
  await page.goto("/auth");
  await page.getByRole("button", { name: "Jetzt registrieren" }).click();
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill("Wolkenbruch-Teekanne-31");
  await page.getByRole("checkbox", { name: "Ich habe die Datenschutzbedingungen zur Kenntnis genommen" }).click();
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect(page.getByRole("heading", { name: "Vielen Dank für Ihre Registrierung!" })).toBeVisible();
  await waitForMail(E2E_DATA_DIR, email);

  await page.goto("/auth");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill("Wolkenbruch-Teekanne-31");
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page.getByText("Ihre E-Mail-Adresse ist noch nicht bestätigt.")).toBeVisible();
  await page.getByRole("button", { name: "Bestätigungs-E-Mail erneut senden" }).click();
  await expect(page.getByText("haben wir Ihnen einen neuen Bestätigungslink geschickt")).toBeVisible();

  await expect.poll(async () => (await readOutbox(E2E_DATA_DIR)).filter((m) => m.to.includes(email)).length).toBe(2);
  const fresh = await waitForMail(E2E_DATA_DIR, email);
  await page.goto(fresh.links[0] ?? "");
  await expect(page.getByRole("heading", { name: "E-Mail-Adresse bestätigt" })).toBeVisible();
});
