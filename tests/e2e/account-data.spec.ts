import fs from "node:fs/promises";
import { unzipSync } from "fflate";
import { ACCOUNT_DATA_TEXTS } from "#shared/account-data.ts";
import { E2E_BASE_URL, E2E_DATA_DIR } from "../../playwright.config.ts";
import { waitForMail } from "../support/outbox.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";

// GDPR on /konto: the data as a download, and the account deleted with the password.

test("a customer downloads their data and then deletes the account with the password", async ({ page }) => {
  const { email, password } = await signUpConfirmed(page);
  await page.goto("/konto");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Meine Daten exportieren" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^postwerk-daten-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await fs.readFile(await download.path())));
  expect(Object.keys(files)).toContain("LIESMICH.txt");
  expect(JSON.parse(new TextDecoder().decode(files["konto.json"])).profile.email).toBe(email);

  await page.getByRole("button", { name: "Konto löschen" }).click();
  const dialog = page.getByRole("dialog", { name: "Konto endgültig löschen?" });
  await expect(dialog.getByText("Archiv mit allen Beiträgen und Bildern")).toBeVisible();
  await dialog.getByLabel("Passwort zur Bestätigung").fill("falsch999");
  await dialog.getByRole("button", { name: "Konto endgültig löschen" }).click();
  await expect(page.getByText("Das aktuelle Passwort ist falsch.")).toBeVisible();
  await dialog.getByLabel("Passwort zur Bestätigung").fill(password);
  await dialog.getByRole("button", { name: "Konto endgültig löschen" }).click();
  await expect(page.getByText("Ihr Konto wurde gelöscht.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Anmelden" })).toBeVisible();
  await waitForMail(E2E_DATA_DIR, email, (mail) => mail.subject === "Ihr Konto bei Postwerk wurde gelöscht");

  const signIn = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: E2E_BASE_URL },
    data: { email, password },
  });
  expect(signIn.status()).toBe(401);
});

test("a download refused for too many exports comes back to the account page with the reason", async ({ page }) => {
  await signUpConfirmed(page);
  for (let download = 0; download < 5; download++) {
    expect((await page.request.get("/api/data-export")).status()).toBe(200);
  }
  await page.goto("/konto");

  await page.getByRole("link", { name: "Meine Daten exportieren" }).click();
  await expect(page.getByText(ACCOUNT_DATA_TEXTS.exportTooOften)).toBeVisible();
  await expect(page).toHaveURL(/\/konto$/);
  await expect(page.getByRole("heading", { name: "Mein Konto" })).toBeVisible();
});
