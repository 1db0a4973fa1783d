import type { Page } from "@playwright/test";
import { FAKE_BLUESKY_ACCOUNT } from "../mocks/bluesky-server.ts";
import { jpegOfSize } from "../support/images.ts";
import { expect } from "./fixtures.ts";
import { scriptFake } from "./generator-api.ts";

// Steps the publishing specs share (ADR 0053, 0066).

/** Bluesky's app password, from "Verbundene Konten": the account is listed when this returns. */
export async function connectBluesky(page: Page) {
  await page.goto("/konto/verbundene-konten");
  await page.getByRole("button", { name: "Bluesky verbinden" }).click();
  await page.getByLabel("Handle").fill(FAKE_BLUESKY_ACCOUNT.handle);
  await page.getByLabel("App-Passwort").fill(FAKE_BLUESKY_ACCOUNT.appPassword);
  await page.getByRole("button", { name: "Bluesky-Konto verbinden" }).click();
  await expect(page.getByTestId("connected-account")).toHaveCount(1);
}

/** An OAuth round trip through the network fake's consent page, from "Verbundene Konten". */
export async function connectThroughConsentPage(page: Page, network: "X" | "LinkedIn") {
  await page.getByRole("button", { name: `${network} verbinden` }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`^${network} \\(Fake\\)`) })).toBeVisible();
  await page.getByRole("button", { name: "Zugriff erlauben" }).click();
  await expect(page.getByText(`${network}-Konto verbunden.`)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/konto/verbundene-konten" && url.search === "");
}

/** A generator run with an image, for `platform`; its three suggestions are then on the page. */
export async function generate(page: Page, platform: "linkedin" | "twitter") {
  await page.goto("/erstellen");
  await page.getByLabel("Text oder Stichwörter").fill("Zimtschnecken mit Kardamom am Samstag");
  await page.getByLabel("Netzwerk").selectOption(platform);
  await page.locator('input[type="file"]').setInputFiles({
    name: "zimt.jpg",
    mimeType: "image/jpeg",
    buffer: await jpegOfSize(64, 64),
  });
  await expect(page.getByTestId("image-name")).toHaveText("zimt.jpg");
  await scriptFake(page.request);
  await page.getByRole("button", { name: "Beiträge generieren" }).click();
  await expect(page.getByText("Inhalt erfolgreich generiert und gespeichert!")).toBeVisible({ timeout: 20_000 });
}
