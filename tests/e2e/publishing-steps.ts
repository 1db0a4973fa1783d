import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

// Steps the publishing specs share (ADR 0053, 0066).

/** An OAuth round trip through the network fake's consent page, from "Verbundene Konten". */
export async function connectThroughConsentPage(page: Page, network: "X" | "LinkedIn") {
  await page.getByRole("button", { name: `${network} verbinden` }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`^${network} \\(Fake\\)`) })).toBeVisible();
  await page.getByRole("button", { name: "Zugriff erlauben" }).click();
  await expect(page.getByText(`${network}-Konto verbunden.`)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/konto/verbundene-konten" && url.search === "");
}
