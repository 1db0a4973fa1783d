import type { Page } from "@playwright/test";
import { BLUESKY_FAKE_URL, E2E_CLOCK_URL, LINKEDIN_FAKE_URL, X_FAKE_URL } from "../../playwright.config.ts";
import { FAKE_BLUESKY_ACCOUNT } from "../mocks/bluesky-server.ts";
import { FAKE_GENERATED_POSTS } from "../mocks/openai.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";
import { unlockViaApi } from "./generator-api.ts";
import { connectBluesky, connectThroughConsentPage, generateWithImage } from "./publishing-steps.ts";

// Publish and schedule (ADR 0053), the acceptance in the browser: the networks are the
// fakes of tests/mocks (ADR 0060), started by playwright.config.ts. A planned post is sent by
// moving the e2e server's test clock forward (tests/support/e2e-server.ts), not by waiting.

const BLUESKY_TEXT = "Samstag gibt es Zimtschnecken mit Kardamom – bis gleich in der Bäckerei!";

async function fakePage(page: Page, url: string) {
  return (await page.request.get(`${url}/`)).text();
}

test("connect X, LinkedIn and Bluesky; publish now and plan from the generator; the plan sends them when due", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpConfirmed(page);
  await unlockViaApi(page);

  // Verbundene Konten, linked from /konto: two OAuth round trips and an app password.
  await page.goto("/konto");
  await page.getByRole("link", { name: "Konten verwalten" }).click();
  await expect(page.getByRole("heading", { name: "Verbundene Konten", level: 1 })).toBeVisible();
  await connectThroughConsentPage(page, "X");
  await connectThroughConsentPage(page, "LinkedIn");
  await page.getByRole("button", { name: "Bluesky verbinden" }).click();
  await expect(page.getByText("Postwerk braucht ein App-Passwort")).toBeVisible();
  await page.getByLabel("Handle").fill(FAKE_BLUESKY_ACCOUNT.handle);
  await page.getByLabel("App-Passwort").fill("falsch-falsch-falsch");
  await page.getByRole("button", { name: "Bluesky-Konto verbinden" }).click();
  await expect(page.getByText("Handle oder App-Passwort stimmen nicht.")).toBeVisible();
  await page.getByLabel("App-Passwort").fill(FAKE_BLUESKY_ACCOUNT.appPassword);
  await page.getByRole("button", { name: "Bluesky-Konto verbinden" }).click();
  await expect(page.getByText("Bluesky-Konto verbunden.")).toBeVisible();
  const accounts = page.getByTestId("connected-account");
  await expect(accounts).toHaveCount(3);
  await expect(accounts.getByText("Verbunden", { exact: true })).toHaveCount(3);
  // LinkedIn's token lives 60 days: its end is shown.
  await expect(accounts.getByText(/^Verbindung gültig bis \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)).toHaveCount(1);

  // A LinkedIn run: its first suggestion goes out now, with the run's image.
  await generateWithImage(page, "linkedin");
  await page.getByRole("button", { name: "Vorschlag 1 veröffentlichen" }).click();
  const composer = page.getByRole("dialog", { name: "Neuer Beitrag" });
  await expect(composer.getByTestId("composer-thumbnail")).toBeVisible();
  await expect(composer.getByRole("checkbox", { name: /^LinkedIn · / })).toBeChecked();
  await expect(composer.getByRole("checkbox", { name: /^X · / })).not.toBeChecked();
  await expect(composer.getByLabel("Text", { exact: true })).toHaveValue(FAKE_GENERATED_POSTS[0] ?? "");
  await composer.getByRole("button", { name: "Jetzt veröffentlichen" }).click();
  await expect(page.getByText("Beitrag wird veröffentlicht.")).toBeVisible();
  await expect(composer).toBeHidden();

  // An X run: its first suggestion is planned for X and, shortened by hand, for Bluesky.
  await generateWithImage(page, "twitter");
  await page.getByRole("button", { name: "Vorschlag 1 veröffentlichen" }).click();
  await expect(composer.getByRole("checkbox", { name: /^X · / })).toBeChecked();
  await composer.getByRole("checkbox", { name: /^Bluesky · / }).check();
  await composer.getByRole("checkbox", { name: "Text je Konto anpassen" }).check();
  const blueskyText = composer.getByLabel(/^Text für Bluesky/);
  await blueskyText.fill(`${"Zimt ".repeat(61)}`);
  // Too long for Bluesky's 300 graphemes: the counter turns red, the server refuses, nothing is lost.
  await expect(composer.getByText("Zu lang: 305 / 300 Zeichen")).toBeVisible();
  await composer.getByRole("radio", { name: "Planen" }).check();
  const date = await composer.getByLabel("Datum").inputValue();
  const time = await composer.getByLabel("Uhrzeit (Berlin)").inputValue();
  await composer.getByRole("button", { name: "Planen" }).click();
  await expect(composer.getByRole("alert")).toHaveText(
    "Der Text für Bluesky ist 305 Zeichen lang; erlaubt sind 300. (Bluesky zählt Grapheme.)",
  );
  await expect(composer.getByLabel(/^Text für X/)).toHaveValue(FAKE_GENERATED_POSTS[0] ?? "");
  await blueskyText.fill(BLUESKY_TEXT);
  await composer.getByRole("button", { name: "Planen" }).click();
  const [year, month, day] = date.split("-");
  await expect(page.getByText(`Beitrag geplant für ${day}.${month}.${year} ${time}.`)).toBeVisible();

  // The Redaktionsplan (the header's workspace row): the planned posts in their week, the LinkedIn post sent.
  await page.getByRole("navigation", { name: "Arbeitsbereich" }).getByRole("link", { name: "Redaktionsplan" }).click();
  await expect(page.getByRole("heading", { name: "Redaktionsplan", level: 1 })).toBeVisible();
  await page.goto(`/redaktionsplan?woche=${date}`);
  const planned = page.getByTestId("planned-post");
  await expect(planned.filter({ hasText: "X · " })).toContainText(`${time}Geplant`);
  await expect(planned.filter({ hasText: "Bluesky · " })).toContainText(`${time}Geplant`);
  await page.getByRole("tab", { name: "Liste" }).click();
  await expect(page).toHaveURL(/ansicht=liste/);
  await expect(planned).toHaveCount(3);
  // The queue sends "now" within its polling interval; the user looks again until it has.
  await expect(async () => {
    await page.reload();
    await expect(planned.filter({ hasText: "LinkedIn · " })).toContainText("Gesendet", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const linkedInPage = await fakePage(page, LINKEDIN_FAKE_URL);
  expect(linkedInPage).toContain("Frische Zimtschnecken jeden Samstag ab 7 Uhr.");
  expect(linkedInPage).toContain("1 Bild(er)");

  // A planned post opens for editing; still planned, nothing sent yet.
  await planned.filter({ hasText: "Bluesky · " }).click();
  const details = page.getByRole("dialog", { name: /^Beitrag für Bluesky/ });
  await expect(details.getByLabel("Text")).toHaveValue(BLUESKY_TEXT);
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  // Not yet on X (other specs may have posted there before).
  expect(await fakePage(page, X_FAKE_URL)).not.toContain("Frische Zimtschnecken jeden Samstag ab 7 Uhr.");

  // The test clock moves past the planned time: both are sent, with text and image.
  const advanced = await page.request.post(`${E2E_CLOCK_URL}/advance?minutes=${24 * 60}`);
  // Other specs' planned posts on this server fall due too; ours are two of them.
  expect(((await advanced.json()) as { processed: number }).processed).toBeGreaterThanOrEqual(2);
  await page.reload();
  await expect(planned.filter({ hasText: "Gesendet" })).toHaveCount(3);
  const xPage = await fakePage(page, X_FAKE_URL);
  expect(xPage).toContain("Frische Zimtschnecken jeden Samstag ab 7 Uhr.");
  expect(xPage).toContain("1 Bild(er)");
  const blueskyPage = await fakePage(page, BLUESKY_FAKE_URL);
  expect(blueskyPage).toContain("Samstag gibt es Zimtschnecken mit Kardamom");
  expect(blueskyPage).toContain("1 Bild(er)");
  await planned.filter({ hasText: "X · " }).click();
  const xDetails = page.getByRole("dialog", { name: /^Beitrag für X/ });
  await expect(xDetails.getByText("Gesendet", { exact: true })).toBeVisible();
  const live = xDetails.getByRole("link", { name: /Beitrag bei X ansehen/ });
  await expect(live).toHaveAttribute("href", new RegExp(`^${X_FAKE_URL}/`));
  expect((await page.request.get((await live.getAttribute("href")) ?? "")).ok()).toBe(true);
  await page.keyboard.press("Escape");
  await expect(xDetails).toBeHidden();

  // The notification area: three posts sent, each with its link; then all read.
  const bell = page.getByRole("button", { name: "Benachrichtigungen, 3 ungelesen" });
  await bell.click();
  const notifications = page.getByTestId("notification");
  await expect(notifications).toHaveCount(3);
  await expect(notifications.filter({ hasText: /\(X\) veröffentlicht\./ }).getByRole("link")).toHaveAttribute(
    "href",
    new RegExp(`^${X_FAKE_URL}/`),
  );
  await page.getByRole("button", { name: "Alle als gelesen markieren" }).click();
  await expect(page.getByRole("button", { name: "Benachrichtigungen, keine ungelesen" })).toBeVisible();
});

test("the composer points to Verbundene Konten when no account is connected", async ({ page }) => {
  await signUpConfirmed(page);
  await unlockViaApi(page);
  await generateWithImage(page, "linkedin");
  await page.getByRole("button", { name: "Vorschlag 2 veröffentlichen" }).click();
  const composer = page.getByRole("dialog", { name: "Neuer Beitrag" });
  await expect(composer.getByText("Sie haben noch kein Konto verbunden")).toBeVisible();
  await composer.getByRole("link", { name: "Konto verbinden" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/konto/verbundene-konten");
  await expect(page.getByRole("button", { name: "Bluesky verbinden" })).toBeVisible();
});

test("a connected account is disconnected after the confirmation dialog", async ({ page }) => {
  await signUpConfirmed(page);
  await connectBluesky(page);
  await page.getByRole("button", { name: /trennen$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Konto trennen?" });
  await expect(dialog.getByText("Geplante Beiträge für dieses Konto werden nicht veröffentlicht")).toBeVisible();
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("connected-account")).toHaveCount(1);
  await page.getByRole("button", { name: /trennen$/ }).click();
  await dialog.getByRole("button", { name: "Konto trennen" }).click();
  await expect(page.getByText(/getrennt\.$/)).toBeVisible();
  await expect(page.getByTestId("connected-account")).toHaveCount(0);
});
