import type { Page } from "@playwright/test";
import { expect, signUpConfirmed, test } from "./fixtures.ts";

// ADR 0083: a personal page or a network's OAuth return seen signed out leads to sign-in, and from
// there back to where the visitor was going, never to another site.

async function signInOnAuthPage(page: Page, email: string, password: string) {
  await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
}

/** On the X fake's consent page, with Postwerk's session gone (ended, or another browser). */
async function atConsentPageSignedOut(page: Page) {
  await page.goto("/konto/verbundene-konten");
  await page.getByRole("button", { name: "X verbinden" }).click();
  await expect(page.getByRole("heading", { name: /^X \(Fake\)/ })).toBeVisible();
  await page.context().clearCookies({ domain: "localhost" });
}

test("the Redaktionsplan seen signed out leads to sign-in and back to the Redaktionsplan", async ({ page }) => {
  const { email, password } = await signUpConfirmed(page);
  await page.context().clearCookies();
  await page.goto("/redaktionsplan");
  await expect(page).toHaveURL(/\/auth\?returnUrl=%2Fredaktionsplan&anmelden=1$/);
  await signInOnAuthPage(page, email, password);
  await expect(page).toHaveURL(/\/redaktionsplan$/);
  await expect(page.getByRole("heading", { name: "Redaktionsplan", level: 1 })).toBeVisible();
});

test("back from X signed out: sign-in, then the connection completes", async ({ page }) => {
  const { email, password } = await signUpConfirmed(page);
  await atConsentPageSignedOut(page);
  await page.getByRole("button", { name: "Zugriff erlauben" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.searchParams.get("anmelden") === "1");
  expect(new URL(page.url()).searchParams.get("returnUrl")).toMatch(/^\/api\/connections\/x\/callback\?.*state=/);
  await signInOnAuthPage(page, email, password);
  await expect(page.getByText("X-Konto verbunden.")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/konto/verbundene-konten");
  await expect(page.getByTestId("connected-account")).toHaveCount(1);
});

test("back from X signed out, then signed in as someone else: the connections page says why, in German", async ({
  page,
}) => {
  const someoneElse = await signUpConfirmed(page);
  await page.context().clearCookies();
  await signUpConfirmed(page);
  await atConsentPageSignedOut(page);
  await page.getByRole("button", { name: "Zugriff erlauben" }).click();
  await signInOnAuthPage(page, someoneElse.email, someoneElse.password);
  await expect(
    page.getByText(
      "Die Anmeldung beim Netzwerk ist abgelaufen oder ungültig. Bitte verbinden Sie das Konto noch einmal.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/konto/verbundene-konten");
  await expect(page.getByTestId("connected-account")).toHaveCount(0);
});

test("a way back to another site is not followed after sign-in", async ({ page }) => {
  const { email, password } = await signUpConfirmed(page);
  await page.context().clearCookies();
  await page.goto("/auth?returnUrl=%2F%09%2Fevil.example&anmelden=1");
  await signInOnAuthPage(page, email, password);
  await expect(page).toHaveURL(/\/erstellen$/);
});
