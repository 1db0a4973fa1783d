import type { Browser, Page } from "@playwright/test";
import { SESSION_MESSAGES } from "#shared/account.ts";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { storeConsentChoice } from "./consent-choice.ts";
import { expect, signInThroughForm, signUpConfirmed, test } from "./fixtures.ts";

// "Angemeldete Geräte" on /konto. The test's own page is Playwright's desktop Chrome
// on Windows; the other devices are further browsers of the same account with their own
// user agents, so the card has something to tell apart.

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1";
const MAC_FIREFOX = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0";

async function otherDevice(browser: Browser, userAgent: string, account: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, userAgent });
  const page = await context.newPage();
  await storeConsentChoice(page);
  await signInThroughForm(page, account.email, account.password);
  return page;
}

async function expectSignedOut(device: Page) {
  await device.goto("/konto");
  await expect(device).toHaveURL(/\/auth\?returnUrl=%2Fkonto&anmelden=1$/);
}

function devicesCard(page: Page) {
  const card = page.getByRole("region", { name: "Angemeldete Geräte" });
  return { card, rows: card.getByRole("listitem") };
}

test("lists the account's devices and signs out one of them, then all others", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const account = await signUpConfirmed(page);
  const phone = await otherDevice(browser, IPHONE_SAFARI, account);
  await page.goto("/konto");

  const { card, rows } = devicesCard(page);
  await expect(rows).toHaveCount(2);
  const current = rows.filter({ hasText: "Dieses Gerät" });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText("Chrome auf Windows");
  await expect(current).toContainText("Jetzt aktiv");
  await expect(current.getByRole("button")).toHaveCount(0);
  const phoneRow = rows.filter({ hasText: "Safari auf iOS" });
  await expect(phoneRow).toContainText(/Zuletzt aktiv: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await expect(phoneRow.getByText("Dieses Gerät")).toHaveCount(0);

  // Better Auth hands the list's tokens to the browser; none may reach the page.
  const cookies = [...(await page.context().cookies()), ...(await phone.context().cookies())];
  const tokens = cookies
    .filter((cookie) => cookie.name.endsWith("session_token"))
    .map((cookie) => decodeURIComponent(cookie.value).split(".")[0] ?? "");
  expect(tokens).toHaveLength(2);
  const html = await page.content();
  for (const token of tokens) expect(html).not.toContain(token);

  await phoneRow.getByRole("button", { name: /^Abmelden/ }).click();
  await expect(page.getByText(SESSION_MESSAGES.revoked)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(card.getByText("Sie sind nur auf diesem Gerät angemeldet.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Alle anderen abmelden" })).toHaveCount(0);
  await expectSignedOut(phone);

  await signInThroughForm(phone, account.email, account.password);
  const laptop = await otherDevice(browser, MAC_FIREFOX, account);
  await page.reload();
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Firefox auf macOS" })).toHaveCount(1);

  await card.getByRole("button", { name: "Alle anderen abmelden" }).click();
  await expect(page.getByText(SESSION_MESSAGES.othersRevoked)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Dieses Gerät");
  await expectSignedOut(phone);
  await expectSignedOut(laptop);

  // The page that signed the others out is still signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/konto$/);
  await expect(rows).toHaveCount(1);
  await phone.context().close();
  await laptop.context().close();
});

test("changing the password signs out the other devices", async ({ page, browser }) => {
  const account = await signUpConfirmed(page);
  const phone = await otherDevice(browser, IPHONE_SAFARI, account);
  await page.goto("/konto");
  const { rows } = devicesCard(page);
  await expect(rows).toHaveCount(2);

  await page.getByRole("button", { name: "Passwort ändern" }).click();
  await page.getByLabel("Aktuelles Passwort").fill(account.password);
  await page.getByLabel("Neues Passwort", { exact: true }).fill("neues-Passwort-7");
  await page.getByLabel("Neues Passwort bestätigen").fill("neues-Passwort-7");
  await page.getByRole("button", { name: "Passwort ändern" }).last().click();
  await expect(page.getByText("Ihr Passwort wurde erfolgreich geändert.")).toBeVisible();

  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Dieses Gerät");
  await expectSignedOut(phone);
  await page.reload();
  await expect(page).toHaveURL(/\/konto$/);
  await phone.context().close();
});
