import type { CDPSession, Page } from "@playwright/test";
import { expect, signUpConfirmed, test } from "./fixtures.ts";

// ADR 0102: passkeys as a customer uses them, with Chromium's virtual authenticator (CDP
// WebAuthn domain): a platform authenticator with user verification, like Touch ID.

async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

test("add a passkey on /konto, sign out, sign in with it without password, remove it", async ({ page }) => {
  await addVirtualAuthenticator(page);
  const { email, password } = await signUpConfirmed(page);
  await page.goto("/konto");
  const card = page.getByRole("region", { name: "Passkeys" });
  await expect(card.getByText("Sie haben noch keinen Passkey.")).toBeVisible();
  await card.getByRole("button", { name: "Passkey hinzufügen" }).click();
  await card.getByLabel("Name des Passkeys").fill("Testlaptop");
  await card.getByLabel("Passwort").fill(password);
  await card.getByRole("button", { name: "Weiter" }).click();
  await expect(card.getByRole("list", { name: "Ihre Passkeys" }).getByText("Testlaptop")).toBeVisible();
  await expect(card.getByText("noch nicht genutzt")).toBeVisible();

  await page.getByRole("banner").getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole("button", { name: "Mit Passkey anmelden" }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/konto");
  await expect(page.getByText(email).first()).toBeVisible();
  const signedInCard = page.getByRole("region", { name: "Passkeys" });
  await expect(signedInCard.getByText(/zuletzt genutzt am/)).toBeVisible();

  await signedInCard.getByRole("button", { name: "Passkey „Testlaptop“ entfernen" }).click();
  await expect(signedInCard.getByText("Sie haben noch keinen Passkey.")).toBeVisible();
});
