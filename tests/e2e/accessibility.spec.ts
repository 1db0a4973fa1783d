import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { PRERENDERED_PATHS, ROUTES } from "#shared/routes.ts";
import { DEFAULT_TIME_ZONE, toWallTime } from "#shared/wall-time.ts";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { FAKE_BLUESKY_ACCOUNT } from "../mocks/bluesky-server.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";

// axe-core finds no violations on any public page. A visitor without
// a session stays on the optimizer's landing (ADR 0032).
const PUBLIC_PAGES = [
  ...PRERENDERED_PATHS.map((path) => ({ path, landsOn: path })),
  // Pages of the app shell a visitor reaches without a session (ADR 0044 for the recovery pages).
  { path: ROUTES.auth, landsOn: ROUTES.auth },
  { path: ROUTES.forgotPassword, landsOn: ROUTES.forgotPassword },
  { path: `${ROUTES.resetPassword}?token=beispiel`, landsOn: ROUTES.resetPassword },
];

// Each violation with the elements it concerns, so a failure says what to fix where.
async function findViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    elements: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

test.describe("after the visitor has made a cookie choice", () => {
  // The pages themselves; the dialog of a first visit is checked below.

  for (const { path, landsOn } of PUBLIC_PAGES) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      await page.goto(path, { waitUntil: "networkidle" });
      await expect(page).toHaveURL((url) => url.pathname === landsOn);
      await expect(page.getByRole("main")).toBeVisible();
      expect(await findViolations(page)).toEqual([]);
    });
  }
});

test.describe("on a first visit", () => {
  test.use({ consentChosen: false });

  test("axe finds no violations in the cookie dialog", async ({ page }) => {
    await page.goto(ROUTES.home, { waitUntil: "networkidle" });
    const dialog = page.getByRole("dialog", { name: "Cookie-Einstellungen", exact: true });
    // Loaded: the categories are in, so the buttons are no longer disabled.
    await expect(dialog.getByRole("button", { name: "Alle akzeptieren" })).toBeEnabled();
    expect(await findViolations(page)).toEqual([]);
  });

  test("axe finds no violations in the cookie dialog the footer opens", async ({ page }) => {
    await page.goto(ROUTES.home, { waitUntil: "networkidle" });
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-Einstellungen" }).click();
    const dialog = page.locator("dialog:modal");
    await expect(dialog.getByRole("button", { name: "Alle akzeptieren" })).toBeEnabled();
    expect(await findViolations(page)).toEqual([]);
  });
});

test("axe finds no violations in the contact form showing its validation messages", async ({ page }) => {
  await page.goto(ROUTES.contact, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByRole("alert")).toHaveCount(3);
  expect(await findViolations(page)).toEqual([]);
});

test("axe finds no violations in the Redaktionsplan, a post's dialog and Verbundene Konten", async ({ page }) => {
  await signUpConfirmed(page);
  // A Bluesky account of the fake (playwright.config.ts) and a planned post, so the week shows one.
  const connected = await page.request.post("/api/connections/bluesky/app-password", {
    headers: { origin: E2E_BASE_URL },
    data: { identifier: FAKE_BLUESKY_ACCOUNT.handle, appPassword: FAKE_BLUESKY_ACCOUNT.appPassword },
  });
  expect(connected.status()).toBe(201);
  const { accountId } = (await connected.json()) as { accountId: string };
  const plannedFor = toWallTime(new Date(Date.now() + 2 * 60 * 60_000), DEFAULT_TIME_ZONE);
  const created = await page.request.post("/api/posts", {
    headers: { origin: E2E_BASE_URL },
    data: { targets: [{ accountId, text: "Samstag gibt es Zimtschnecken." }], plannedFor },
  });
  expect(created.status()).toBe(201);

  await page.goto(`${ROUTES.planner}?woche=${plannedFor.date}`, { waitUntil: "networkidle" });
  await expect(page.getByTestId("planned-post")).toHaveCount(1);
  expect(await findViolations(page)).toEqual([]);
  await page.getByTestId("planned-post").click();
  await expect(page.getByRole("dialog", { name: /^Beitrag für Bluesky/ })).toBeVisible();
  expect(await findViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByRole("tab", { name: "Liste" }).click();
  await expect(page.getByTestId("planned-post")).toHaveCount(1);
  expect(await findViolations(page)).toEqual([]);

  await page.getByRole("button", { name: /^Benachrichtigungen/ }).click();
  await expect(page.getByRole("region", { name: "Benachrichtigungen" })).toBeVisible();
  expect(await findViolations(page)).toEqual([]);

  await page.goto(ROUTES.connections, { waitUntil: "networkidle" });
  await expect(page.getByTestId("connected-account")).toHaveCount(1);
  await page.getByRole("button", { name: "Bluesky verbinden" }).click();
  expect(await findViolations(page)).toEqual([]);
});
