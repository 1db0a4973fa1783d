import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { expect, signInWithGoogle, signUpConfirmed, test, uniqueEmail } from "./fixtures.ts";

// ADR 0041: two-factor sign-in with an authenticator app, as a customer uses it. The "app" is
// otpauth, fed with the secret the page shows for manual entry.

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((violation) => ({ rule: violation.id, elements: violation.nodes.map((node) => node.target) }));
}

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/zwei-faktor$/);
  await expect(page.getByRole("heading", { name: "Bestätigungscode" })).toBeVisible();
}

async function signInAgainWithBackupCode(page: Page, email: string, password: string, code: string) {
  await signOut(page);
  await signInWithPassword(page, email, password);
  await page.getByRole("button", { name: "Backup-Code verwenden" }).click();
  await page.getByLabel("Backup-Code").fill(code);
  await page.getByRole("button", { name: "Bestätigen" }).click();
}

test("set up on /konto, then sign in with the app's code and with a backup code that works once", async ({ page }) => {
  const { email, password } = await signUpConfirmed(page);
  await page.goto("/konto");
  const card = page.getByRole("region", { name: "Zwei-Faktor-Anmeldung" });
  await card.getByRole("button", { name: "Einrichten" }).click();
  await card.getByLabel("Passwort").fill("falsch999");
  await card.getByRole("button", { name: "Weiter" }).click();
  await expect(card.getByText("Das aktuelle Passwort ist falsch.")).toBeVisible();
  await card.getByLabel("Passwort").fill(password);
  await card.getByRole("button", { name: "Weiter" }).click();

  await expect(card.getByRole("img", { name: "QR-Code für Ihre Authenticator-App" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const secret = ((await card.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
  const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  await card
    .getByLabel("6-stelliger Code")
    .fill(String((Number(app.generate()) + 500_000) % 1_000_000).padStart(6, "0"));
  await card.getByRole("button", { name: "Code prüfen und aktivieren" }).click();
  await expect(card.getByText("Der Code ist falsch oder abgelaufen.", { exact: false })).toBeVisible();
  await card.getByLabel("6-stelliger Code").fill(app.generate());
  await card.getByRole("button", { name: "Code prüfen und aktivieren" }).click();

  const codes = card.getByRole("list", { name: "Backup-Codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  expect(await axeViolations(page)).toEqual([]);
  const backupCode = (await codes.first().textContent()) ?? "";
  const download = page.waitForEvent("download");
  await card.getByRole("link", { name: "Herunterladen" }).click();
  expect((await download).suggestedFilename()).toBe("postwerk-backup-codes.txt");
  await card.getByRole("button", { name: "Fertig" }).click();
  await expect(card.getByText("Aktiv", { exact: true })).toBeVisible();

  await signOut(page);
  await signInWithPassword(page, email, password);
  await page.getByLabel("6-stelliger Code").fill(app.generate());
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page.getByText("Erfolgreich eingeloggt!")).toBeVisible();
  await expect(page).toHaveURL(/\/erstellen$/);

  await signInAgainWithBackupCode(page, email, password, backupCode);
  await expect(page).toHaveURL(/\/erstellen$/);

  await signInAgainWithBackupCode(page, email, password, backupCode);
  await expect(page.getByText("Dieser Backup-Code ist ungültig oder wurde bereits verwendet.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/zwei-faktor$/);
  expect(await axeViolations(page)).toEqual([]);
});

test("new backup codes need the password and replace the old ones", async ({ page }) => {
  const { email, password } = await signUpConfirmed(page);
  await page.goto("/konto");
  const card = page.getByRole("region", { name: "Zwei-Faktor-Anmeldung" });
  await card.getByRole("button", { name: "Einrichten" }).click();
  await card.getByLabel("Passwort").fill(password);
  await card.getByRole("button", { name: "Weiter" }).click();
  const secret = ((await card.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
  const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  await card.getByLabel("6-stelliger Code").fill(app.generate());
  await card.getByRole("button", { name: "Code prüfen und aktivieren" }).click();
  const codes = card.getByRole("list", { name: "Backup-Codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const oldCode = (await codes.first().textContent()) ?? "";
  await card.getByRole("button", { name: "Fertig" }).click();

  await card.getByRole("button", { name: "Neue Backup-Codes erzeugen" }).click();
  await card.getByRole("button", { name: "Neue Codes erzeugen" }).click();
  await expect(card.getByText("Bitte geben Sie Ihr Passwort ein.", { exact: false })).toBeVisible();
  await card.getByLabel("Passwort").fill(password);
  await card.getByRole("button", { name: "Neue Codes erzeugen" }).click();
  await expect(codes).toHaveCount(10);
  await expect(codes.filter({ hasText: oldCode })).toHaveCount(0);
  await card.getByRole("button", { name: "Fertig" }).click();

  await signInAgainWithBackupCode(page, email, password, oldCode);
  await expect(page.getByText("Dieser Backup-Code ist ungültig oder wurde bereits verwendet.")).toBeVisible();
});

test("the code step keeps the return URL, and a pending sign-in is no session", async ({ page }) => {
  const { email, password } = await signUpConfirmed(page);
  const enable = await page.request.post("/api/auth/two-factor/enable", {
    headers: { origin: new URL(page.url()).origin },
    data: { password },
  });
  const app = OTPAuth.URI.parse((await enable.json()).totpURI) as OTPAuth.TOTP;
  const verify = await page.request.post("/api/auth/two-factor/verify-totp", {
    headers: { origin: new URL(page.url()).origin },
    data: { code: app.generate() },
  });
  expect(verify.ok()).toBe(true);
  await page.context().clearCookies();

  await page.goto("/konto?plan=generator_pro");
  await expect(page).toHaveURL(/\/auth\?returnUrl=/);
  await page.getByRole("button", { name: "Jetzt anmelden" }).click();
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  // In the address too, so a reload of the code step keeps it (ADR 0094).
  await expect(page).toHaveURL(/\/auth\/zwei-faktor\?returnUrl=%2Fkonto%3Fplan%3Dgenerator_pro$/);
  expect((await page.request.get("/api/profile")).status()).toBe(401);

  await page.getByLabel("6-stelliger Code").fill(app.generate());
  await page.getByLabel("Dieses Gerät 30 Tage lang merken").check();
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await expect(page).toHaveURL(/\/konto\?plan=generator_pro$/);
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => cookie.name === "postwerk.trust_device")).toBe(true);
});

test("an account that signs in only with Google is told why there is nothing to set up", async ({ page }) => {
  const email = uniqueEmail("google-2fa");
  await signInWithGoogle(page, email);
  await expect(page).toHaveURL(/\/erstellen$/);
  await page.goto("/konto");
  const card = page.getByRole("region", { name: "Zwei-Faktor-Anmeldung" });
  await expect(card.getByText("gilt nur für die Anmeldung mit Passwort", { exact: false })).toBeVisible();
  await expect(card.getByRole("button", { name: "Einrichten" })).toHaveCount(0);
});
