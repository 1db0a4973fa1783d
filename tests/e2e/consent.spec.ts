import fs from "node:fs/promises";
import type { Page, Route } from "@playwright/test";
import { GOOGLE_ANALYTICS_CSP_SOURCES } from "#shared/analytics.ts";
import {
  ACCEPTED_CONSENT_SETTINGS,
  CONSENT_EXPORT_FILE_NAME,
  type ConsentSettings,
  REJECTED_CONSENT_SETTINGS,
} from "#shared/consent.ts";
import { PRERENDERED_PATHS, ROUTES } from "#shared/routes.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/site-settings.ts";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { expect, test } from "./fixtures.ts";

test.use({ consentChosen: false });

// Spec sections 2-4 "Consent", 7, 8 "Consent" (ADR 0010).

const LOOPBACK_ADDRESS = /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/;
const VALID_MEASUREMENT_ID = "G-E2ETEST123";

function consentDialog(page: Page) {
  return page.getByRole("dialog", { name: "Cookie-Einstellungen", exact: true });
}

function historyDialog(page: Page) {
  return page.getByRole("dialog", { name: "Cookie-Einstellungen Verlauf" });
}

async function readStoredConsent(page: Page) {
  const raw = await page.evaluate(() => localStorage.getItem("cookie-consent"));
  return raw === null ? null : (JSON.parse(raw) as { version: number; settings: ConsentSettings; timestamp: string });
}

function expectToast(page: Page, title: string, description: string) {
  const toast = page.getByRole("listitem").filter({ hasText: description });
  return expect(toast.getByText(title, { exact: true })).toBeVisible();
}

// Then closes the toast, so the next save must show one of its own.
async function expectSavedToast(page: Page) {
  const description = "Ihre Cookie-Einstellungen wurden erfolgreich gespeichert.";
  await expectToast(page, "Gespeichert", description);
  await page
    .getByRole("listitem")
    .filter({ hasText: description })
    .getByRole("button", { name: "Hinweis schließen" })
    .click();
  await expect(page.getByText(description)).toHaveCount(0);
}

async function openHistory(page: Page) {
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-Einstellungen" }).click();
  await consentDialog(page).getByRole("button", { name: "Verlauf anzeigen" }).click();
  await expect(historyDialog(page)).toBeVisible();
}

// The newest history row: its IP address and the four read-only checkboxes.
async function expectNewestHistoryRow(page: Page, settings: ConsentSettings) {
  const row = historyDialog(page).getByRole("row").nth(1);
  await expect(row.getByRole("cell").nth(1)).toHaveText(LOOPBACK_ADDRESS);
  const labels = {
    essential: "Technisch notwendig",
    analytics: "Analytics",
    authentication: "Anmeldung mit Google",
    ai_services: "KI-Dienste",
  } as const;
  for (const [category, label] of Object.entries(labels) as [keyof ConsentSettings, string][]) {
    const checkbox = row.getByRole("checkbox", { name: `${label}: ${settings[category] ? "erlaubt" : "abgelehnt"}` });
    await expect(checkbox).toBeDisabled();
  }
}

// A page of the same browser context without the fixture's wait for hydration, its scripts
// blocked: it shows what the prerendered HTML paints before any JavaScript of ours runs.
async function openWithoutScripts(page: Page, path: string) {
  const bare = await page.context().newPage();
  await bare.route("**/assets/*.js", (route) => route.abort());
  await bare.goto(path);
  return bare;
}

test("a first visit sees the cookie question in the first paint, as a banner that leaves the page usable", async ({
  page,
}) => {
  // ADR 0030: in the prerendered HTML, before any script of ours has run.
  const bare = await openWithoutScripts(page, ROUTES.home);
  const banner = consentDialog(bare);
  await expect(banner).toBeVisible();
  for (const name of ["Ablehnen", "Auswahl speichern", "Alle akzeptieren"]) {
    await expect(banner.getByRole("button", { name })).toBeVisible();
  }
  await expect(bare.locator("dialog:modal")).toHaveCount(0);
  // In the first screen, not below the fold; the screenshot of that first paint goes with the report.
  const box = await banner.boundingBox();
  const viewport = bare.viewportSize();
  expect(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height + 1).toBe(true);
  await test.info().attach("erstes-bild-ohne-javascript", { body: await bare.screenshot(), contentType: "image/png" });
  await bare.close();

  // Hydrated, the page behind stays scrollable and clickable: the banner is not modal.
  await page.goto(ROUTES.home);
  await expect(consentDialog(page)).toBeVisible();
  await expect(consentDialog(page)).not.toBeFocused();
  await expect(page.locator("html")).not.toHaveCSS("overflow-y", "hidden");
  await page.getByRole("banner").getByRole("link", { name: "Preise" }).click();
  await expect(page).toHaveURL(/\/preise$/);
  await expect(consentDialog(page)).toBeVisible();
});

test("the banner keeps to the window's bottom and, at the page's end, sits right below the footer", async ({
  page,
}) => {
  // A tall window, where the banner is lower than its limit of 60 % of the window, a phone, a short page.
  for (const [pathname, width, height] of [
    [ROUTES.home, 1280, 1300],
    [ROUTES.home, 390, 844],
    [ROUTES.cancellation, 1280, 900],
  ] as const) {
    const where = `${pathname} ${width}×${height}`;
    await page.setViewportSize({ width, height });
    await page.goto(pathname);
    await expect(consentDialog(page)).toBeVisible();
    const layout = () =>
      page.evaluate(() => {
        const box = (selector: string) => {
          const rect = document.querySelector(selector)?.getBoundingClientRect();
          if (!rect) throw new Error(`${selector} fehlt`);
          return { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY };
        };
        return {
          banner: box("#consent-banner"),
          footer: box("footer"),
          windowBottom: window.scrollY + window.innerHeight,
          pageHeight: document.documentElement.scrollHeight,
        };
      });
    const atStart = await layout();
    expect(Math.abs(atStart.banner.bottom - atStart.windowBottom), `${where}: unten im Fenster`).toBeLessThan(1);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(async () => (await layout()).windowBottom).toBe(atStart.pageHeight);
    const atEnd = await layout();
    // Directly below the footer: not over it, and no empty room between the two.
    expect(Math.abs(atEnd.banner.top - atEnd.footer.bottom), `${where}: unter der Fußzeile`).toBeLessThan(1);
  }
});

test("on the common phones the whole banner shows, every button without scrolling", async ({ page }) => {
  for (const [width, height] of [
    [360, 800],
    [375, 812],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(ROUTES.home);
    const banner = consentDialog(page);
    await expect(banner.getByRole("button", { name: "Auswahl speichern" })).toBeEnabled();
    const fit = await banner.evaluate((element) => element.scrollHeight - element.clientHeight);
    expect(fit, `${width}×${height}: Banner ohne eigenes Scrollen`).toBe(0);
    for (const name of ["Ablehnen", "Auswahl speichern", "Alle akzeptieren"]) {
      await expect(banner.getByRole("button", { name }), `${width}×${height}: ${name}`).toBeInViewport({ ratio: 1 });
    }
  }
});

test("on a small phone the banner scrolls in itself, so every button can be reached", async ({ page }) => {
  // 375 × 667: the banner's content is taller than its limit of 60 % of the window.
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(ROUTES.home);
  const banner = consentDialog(page);
  const save = banner.getByRole("button", { name: "Auswahl speichern" });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(banner).toHaveCount(0);
  await expectSavedToast(page);
});

test("the banner asks on a first visit and never again once a choice is stored, not even for a moment", async ({
  page,
}) => {
  await page.goto(ROUTES.home);
  const dialog = consentDialog(page);
  await expect(dialog).toBeVisible();
  for (const label of ["Technisch notwendig", "Anmeldung mit Google", "Analytics", "KI-Dienste"]) {
    await expect(dialog.locator("summary", { hasText: new RegExp(`^${label}`) })).toBeAttached();
  }
  await expect(dialog.getByRole("switch", { name: "Technisch notwendig (immer aktiv)" })).toBeDisabled();
  await expect(dialog.getByRole("switch", { name: "Technisch notwendig (immer aktiv)" })).toBeChecked();

  await dialog.getByRole("button", { name: "Ablehnen" }).click();
  await expect(dialog).toHaveCount(0);
  await expectSavedToast(page);

  await page.reload({ waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(consentDialog(page)).toHaveCount(0);
  await page.goto(ROUTES.faq, { waitUntil: "networkidle" });
  await expect(consentDialog(page)).toHaveCount(0);

  // Hidden before the first paint: the prerendered banner is in every page's HTML, and the
  // inline script in the head hides it even when no other script of ours runs.
  const bare = await openWithoutScripts(page, ROUTES.pricing);
  await expect(bare.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(consentDialog(bare)).toBeHidden();
  await bare.close();
});

test("a stored choice that is no longer valid brings the banner back", async ({ page }) => {
  await page.goto(ROUTES.home);
  await page.evaluate(() =>
    localStorage.setItem(
      "cookie-consent",
      JSON.stringify({ version: 1, settings: { essential: true }, timestamp: new Date().toISOString() }),
    ),
  );
  // The early script only checks version and date; React finds the settings unreadable.
  await page.reload();
  await expect(consentDialog(page)).toBeVisible();
});

test("the banner closes without a choice; the footer's dialog takes the focus, keeps the page still, and Escape closes it", async ({
  page,
}) => {
  await page.goto(ROUTES.home);
  const dialog = consentDialog(page);
  await dialog.getByRole("button", { name: "Schließen" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await readStoredConsent(page)).toBeNull();

  // Opened from the footer, it is modal and gives the focus back to the footer's button.
  const footerButton = page.getByRole("contentinfo").getByRole("button", { name: "Cookie-Einstellungen" });
  await footerButton.click();
  await expect(dialog).toBeFocused();
  await expect(page.locator("html")).toHaveCSS("overflow-y", "hidden");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.locator("html")).not.toHaveCSS("overflow-y", "hidden");
  await expect(footerButton).toBeFocused();
  expect(await readStoredConsent(page)).toBeNull();

  await footerButton.click();
  await dialog.getByRole("button", { name: "Schließen" }).click();
  await expect(dialog).toBeHidden();
  await expect(footerButton).toBeFocused();
});

const CHOICES = [
  { button: "Ablehnen", switches: [], expected: REJECTED_CONSENT_SETTINGS },
  {
    button: "Auswahl speichern",
    switches: ["Analytics erlauben", "KI-Dienste erlauben"],
    expected: { essential: true, analytics: true, authentication: false, ai_services: true },
  },
  { button: "Alle akzeptieren", switches: [], expected: ACCEPTED_CONSENT_SETTINGS },
] as const;

for (const { button, switches, expected } of CHOICES) {
  test(`"${button}" stores the choice, records it with the IP address and confirms it`, async ({ page }) => {
    // The browser's clock, fixed: the stored timestamp must be the moment of the choice.
    const chosenAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    await page.clock.setFixedTime(chosenAt);
    await page.goto(ROUTES.features);
    const dialog = consentDialog(page);
    for (const name of switches) await dialog.getByRole("switch", { name }).click();
    const recorded = page.waitForResponse(
      (response) => response.url().endsWith("/api/consent") && response.request().method() === "POST",
    );
    await dialog.getByRole("button", { name: button }).click();
    // Spec section 4: the dialog closes before the save.
    await expect(dialog).toHaveCount(0);
    expect((await recorded).status()).toBe(201);
    await expectSavedToast(page);

    const stored = await readStoredConsent(page);
    expect(stored).toEqual({ version: 1, settings: expected, timestamp: chosenAt.toISOString() });

    await openHistory(page);
    await expectNewestHistoryRow(page, expected);
  });
}

test("the dialog lists each category's cookies with provider, purpose, duration and transfer location", async ({
  page,
}) => {
  await page.goto(ROUTES.home);
  const dialog = consentDialog(page);
  await dialog.locator("summary", { hasText: /^Analytics/ }).click();
  const ga = dialog.getByRole("region", { name: "_ga", exact: true });
  await expect(ga).toContainText("Anbieter");
  await expect(ga).toContainText("Google Ireland Limited, Google LLC");
  await expect(ga).toContainText("Zweck");
  await expect(ga).toContainText("Speicherdauer");
  await expect(ga).toContainText("2 Jahre");
  await expect(ga).toContainText("Datenübertragung");
  await expect(ga).toContainText("USA");

  await dialog.locator("summary", { hasText: /^Technisch notwendig/ }).click();
  const session = dialog.getByRole("region", { name: "postwerk.session_token" });
  await expect(session).toContainText("7 Tage");
  // No transfer location for our own cookie: the line is left out, not left empty.
  await expect(session).not.toContainText("Datenübertragung");
});

test("buttons and optional switches stay disabled while the cookie list loads", async ({ page }) => {
  let releaseDefinitions: () => void = () => {};
  const definitionsHeld = new Promise<void>((resolve) => {
    releaseDefinitions = resolve;
  });
  await page.route("**/api/consent/definitions", async (route) => {
    await definitionsHeld;
    await route.continue();
  });
  await page.goto(ROUTES.home);
  const dialog = consentDialog(page);
  for (const name of ["Ablehnen", "Auswahl speichern", "Alle akzeptieren"]) {
    await expect(dialog.getByRole("button", { name })).toBeDisabled();
  }
  await expect(dialog.getByRole("switch", { name: "Analytics erlauben" })).toBeDisabled();

  releaseDefinitions();
  await expect(dialog.getByRole("button", { name: "Alle akzeptieren" })).toBeEnabled();
  await expect(dialog.getByRole("switch", { name: "Analytics erlauben" })).toBeEnabled();
});

test("a save the server refuses shows the error toast and stores no choice", async ({ page }) => {
  await page.route("**/api/consent", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 429, json: { error: "Zu viele Anfragen." } })
      : route.continue(),
  );
  await page.goto(ROUTES.home);
  await consentDialog(page).getByRole("button", { name: "Alle akzeptieren" }).click();
  await expectToast(page, "Fehler", "Ihre Cookie-Einstellungen konnten nicht gespeichert werden.");
  expect(await readStoredConsent(page)).toBeNull();
});

test("the footer button reopens the dialog with the choice in effect", async ({ page }) => {
  await page.goto(ROUTES.pricing);
  await consentDialog(page).getByRole("button", { name: "Alle akzeptieren" }).click();
  await expectSavedToast(page);

  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-Einstellungen" }).click();
  const dialog = consentDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("switch", { name: "Analytics erlauben" })).toBeChecked();
  await dialog.getByRole("switch", { name: "Analytics erlauben" }).click();
  await dialog.getByRole("button", { name: "Auswahl speichern" }).click();
  await expectSavedToast(page);
  expect((await readStoredConsent(page))?.settings).toEqual({ ...ACCEPTED_CONSENT_SETTINGS, analytics: false });
});

test("the history shows every choice of this browser, newest first, and exports them as JSON", async ({ page }) => {
  await page.goto(ROUTES.faq);
  await consentDialog(page).getByRole("button", { name: "Ablehnen" }).click();
  await expectSavedToast(page);
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-Einstellungen" }).click();
  await consentDialog(page).getByRole("button", { name: "Alle akzeptieren" }).click();
  await expectSavedToast(page);

  await openHistory(page);
  const history = historyDialog(page);
  for (const column of [
    "Datum",
    "IP-Adresse",
    "Technisch notwendig",
    "Analytics",
    "Anmeldung mit Google",
    "KI-Dienste",
    "Gültig bis",
  ]) {
    await expect(history.getByRole("columnheader", { name: column })).toBeVisible();
  }
  await expect(history.getByRole("row")).toHaveCount(3);
  await expectNewestHistoryRow(page, ACCEPTED_CONSENT_SETTINGS);
  const newest = history.getByRole("row").nth(1).getByRole("cell");
  await expect(newest.first()).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await expect(newest.last()).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
  const validUntil = new Date();
  validUntil.setFullYear(validUntil.getFullYear() + 1);
  await expect(newest.last()).toHaveText(validUntil.toLocaleDateString("de-DE", { dateStyle: "medium" }));

  const downloading = page.waitForEvent("download");
  await history.getByRole("button", { name: "Exportieren" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(CONSENT_EXPORT_FILE_NAME);
  const text = await fs.readFile((await download.path()) ?? "", "utf8");
  expect(text).toContain('\n  {\n    "id": ');
  const rows = JSON.parse(text) as { ip_address: string; analytics: boolean; created_at: string }[];
  expect(rows.map((row) => row.analytics)).toEqual([true, false]);
  expect(rows[0]?.ip_address).toMatch(LOOPBACK_ADDRESS);
  await expectToast(page, "Erfolg", "Cookie-Verlauf wurde erfolgreich exportiert");
});

test("the legal pages open without the dialog, which then comes on the next page", async ({ page }) => {
  await page.goto(ROUTES.imprint, { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(consentDialog(page)).toHaveCount(0);
  await page.getByRole("contentinfo").getByRole("link", { name: "Preise" }).click();
  await expect(consentDialog(page)).toBeVisible();
});

test("no request leaves this server before the visitor consents, on any public page", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  for (const path of [...PRERENDERED_PATHS, ROUTES.auth]) {
    await page.goto(path, { waitUntil: "networkidle" });
  }
  // Looking at the cookie list and closing the dialog is no consent either.
  await page.goto(ROUTES.home, { waitUntil: "networkidle" });
  await consentDialog(page)
    .locator("summary", { hasText: /^Analytics/ })
    .click();
  await consentDialog(page).getByRole("button", { name: "Schließen" }).click();
  await page.getByRole("banner").getByRole("link", { name: "Preise" }).click();
  await page.waitForLoadState("networkidle");

  expect(requested.length).toBeGreaterThan(PRERENDERED_PATHS.length);
  const foreign = requested.filter((url) => !url.startsWith(`${E2E_BASE_URL}/`) && !url.startsWith("data:"));
  expect(foreign).toEqual([]);
});

test("with the placeholder measurement id nothing loads from Google, even after accepting all", async ({ page }) => {
  const googleRequests: string[] = [];
  await page.route("https://www.googletagmanager.com/**", (route) => {
    googleRequests.push(route.request().url());
    return route.abort();
  });
  await page.goto(ROUTES.home);
  expect(await page.locator("#site-settings").textContent()).toContain(DEFAULT_SITE_SETTINGS.gaTrackingId);
  await consentDialog(page).getByRole("button", { name: "Alle akzeptieren" }).click();
  await expectSavedToast(page);
  await page.getByRole("banner").getByRole("link", { name: "Preise" }).click();
  await page.waitForLoadState("networkidle");
  expect(googleRequests).toEqual([]);
  expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
});

// Site settings come from the server's database, which this test cannot reach. So the
// page is given a configured measurement id the way the server would deliver it: the same
// document with that id in its settings block and the CSP the server sends for a valid id.
// Google itself is never contacted: a tiny stand-in script answers for gtag.js.
async function serveWithMeasurementId(route: Route) {
  if (route.request().resourceType() !== "document") return route.continue();
  const response = await route.fetch();
  const html = (await response.text()).replace(
    `"gaTrackingId":"${DEFAULT_SITE_SETTINGS.gaTrackingId}"`,
    `"gaTrackingId":"${VALID_MEASUREMENT_ID}"`,
  );
  const policy = (response.headers()["content-security-policy"] ?? "")
    .replace("script-src 'self'", `script-src 'self' ${GOOGLE_ANALYTICS_CSP_SOURCES.script.join(" ")}`)
    .replace("connect-src 'self'", `connect-src 'self' ${GOOGLE_ANALYTICS_CSP_SOURCES.connect.join(" ")}`)
    .replace("img-src 'self'", `img-src 'self' ${GOOGLE_ANALYTICS_CSP_SOURCES.img.join(" ")}`);
  // The body is now decoded and longer: the server's length and coding describe other bytes.
  const { "content-length": _length, "content-encoding": _coding, ...headers } = response.headers();
  return route.fulfill({ response, body: html, headers: { ...headers, "content-security-policy": policy } });
}

type GtagCall = unknown[];

function readGtagCalls(page: Page): Promise<GtagCall[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((entry) => Array.from(entry)),
  );
}

function pageViewsIn(calls: GtagCall[]) {
  return calls
    .filter((call) => call[0] === "event" && call[1] === "page_view")
    .map((call) => call[2] as { page_path: string; page_title: string; page_location: string });
}

test("with a configured id, Google Analytics starts only after analytics consent and stops on withdrawal", async ({
  page,
}) => {
  const gtagLoads: string[] = [];
  await page.route(`${E2E_BASE_URL}/**`, serveWithMeasurementId);
  await page.route("https://www.googletagmanager.com/**", (route) => {
    gtagLoads.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "window.__gtagStandIn = true;" });
  });

  await page.goto(ROUTES.home, { waitUntil: "networkidle" });
  const dialog = consentDialog(page);
  await expect(dialog).toBeVisible();
  expect(gtagLoads).toEqual([]);

  // Consent to everything but analytics: still nothing.
  await dialog.getByRole("switch", { name: "KI-Dienste erlauben" }).click();
  await dialog.getByRole("button", { name: "Auswahl speichern" }).click();
  await expectSavedToast(page);
  await page.waitForLoadState("networkidle");
  expect(gtagLoads).toEqual([]);

  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-Einstellungen" }).click();
  await consentDialog(page).getByRole("button", { name: "Alle akzeptieren" }).click();
  await expectSavedToast(page);
  await expect.poll(() => gtagLoads).toEqual([`https://www.googletagmanager.com/gtag/js?id=${VALID_MEASUREMENT_ID}`]);
  await expect.poll(() => page.evaluate(() => "__gtagStandIn" in window)).toBe(true);

  const calls = await readGtagCalls(page);
  expect(calls).toContainEqual(["config", VALID_MEASUREMENT_ID, { send_page_view: false }]);
  // The page open when consent was given counts once, then every route change.
  expect(pageViewsIn(calls)).toEqual([
    { page_path: "/", page_title: await page.title(), page_location: `${E2E_BASE_URL}/` },
  ]);
  await page.getByRole("banner").getByRole("link", { name: "Preise" }).click();
  await expect(page).toHaveURL(/\/preise$/);
  await expect
    .poll(async () => pageViewsIn(await readGtagCalls(page)).map((view) => view.page_path))
    .toEqual(["/", "/preise"]);
  expect(pageViewsIn(await readGtagCalls(page))[1]?.page_location).toBe(`${E2E_BASE_URL}/preise`);

  // Withdrawal: analytics off, its cookies deleted, no further page views.
  await page.context().addCookies([
    { name: "_ga", value: "GA1.1.123.456", url: E2E_BASE_URL },
    { name: "_ga_E2ETEST123", value: "GS1.1.789", url: E2E_BASE_URL },
  ]);
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie-Einstellungen" }).click();
  await consentDialog(page).getByRole("button", { name: "Ablehnen" }).click();
  await expectSavedToast(page);
  expect(
    await page.evaluate(
      (id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`],
      VALID_MEASUREMENT_ID,
    ),
  ).toBe(true);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("_ga");
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("_ga_E2ETEST123");
  await page.getByRole("banner").getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await page.waitForLoadState("networkidle");
  expect(pageViewsIn(await readGtagCalls(page)).map((view) => view.page_path)).toEqual(["/", "/preise"]);
  expect(gtagLoads).toHaveLength(1);
});
