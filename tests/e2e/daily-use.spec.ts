import { E2E_BASE_URL, E2E_DATA_DIR } from "../../playwright.config.ts";
import { waitForMail } from "../support/outbox.ts";
import { confirmationLinkFor, expect, signInThroughForm, signUpConfirmed, test, uniqueEmail } from "./fixtures.ts";

// The signed-in part a customer works in every day (ADR 0061, 0106): the header's own places, the
// account page telling the truth, and forms that know who is signed in.

test("signed in, the header's second row leads to the workspace's places; signed out it is not there", async ({
  page,
}) => {
  await page.goto("/funktionen");
  await expect(
    page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Funktionen" }),
  ).toBeVisible();
  const workspace = page.getByRole("navigation", { name: "Arbeitsbereich" });
  await expect(workspace).toHaveCount(0);

  await signUpConfirmed(page);
  await page.goto("/funktionen");
  await expect(workspace.getByRole("link")).toHaveText(["Erstellen", "Archiv", "Redaktionsplan", "Erfolg"]);
  await workspace.getByRole("link", { name: "Archiv" }).click();
  await expect(page).toHaveURL(/\/archiv$/);
  await expect(workspace.getByRole("link", { name: "Archiv" })).toHaveAttribute("aria-current", "page");
  await workspace.getByRole("link", { name: "Erfolg" }).click();
  await expect(page.getByRole("heading", { name: "Erfolg", level: 1 })).toBeVisible();
  await workspace.getByRole("link", { name: "Erstellen" }).click();
  await expect(page).toHaveURL(/\/erstellen$/);
});

// ADR 0106: with a ninth link in one row the admin's credit badge was pushed out at 1280 px.
test("at 1280 px an admin's header shows every link, the credit badge and the account in view", async ({
  page,
  admin,
}) => {
  expect(admin.email).toBeTruthy();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/redaktionsplan");
  const banner = page.getByRole("banner");
  for (const name of ["Funktionen", "X-Post Optimizer", "Preise", "FAQ", "Kontakt", "Admin"])
    await expect(
      banner.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name }),
    ).toBeInViewport();
  for (const name of ["Erstellen", "Archiv", "Redaktionsplan", "Erfolg"])
    await expect(
      banner.getByRole("navigation", { name: "Arbeitsbereich" }).getByRole("link", { name }),
    ).toBeInViewport();
  await expect(banner.getByLabel(/^Credits:/)).toBeInViewport();
  await expect(banner.getByRole("link", { name: "Konto", exact: true })).toBeInViewport();
  await expect(banner.getByRole("button", { name: "Abmelden" })).toBeInViewport();
});

test("on a phone the workspace's places come first in the menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpConfirmed(page);
  await page.goto("/konto");
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  const workspace = page.locator("#mobile-menu").getByRole("navigation", { name: "Arbeitsbereich" });
  await expect(workspace.getByRole("link")).toHaveText(["Erstellen", "Archiv", "Redaktionsplan", "Erfolg"]);
  await workspace.getByRole("link", { name: "Erfolg" }).click();
  await expect(page).toHaveURL(/\/erfolg$/);
  await expect(page.getByRole("heading", { name: "Erfolg", level: 1 })).toBeVisible();
  // The menu closes with the navigation; opened again it leads to the archive.
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  await workspace.getByRole("link", { name: "Archiv" }).click();
  await expect(page).toHaveURL(/\/archiv$/);
});

test("signing out leaves no error in the console, not even a 401", async ({ page }) => {
  await signUpConfirmed(page);
  await page.goto("/konto");
  await expect(page.getByText("Verbleibende Credits")).toBeVisible();
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") messages.push(message.text());
  });
  // The tab learns of the sign-out only from its next session request: held here until the page
  // has had a reason to refetch (it regains focus), the moment a 401 used to slip through.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/auth/get-session*", async (route) => {
    await held;
    await route.continue();
  });
  const signedOut = page.waitForResponse("**/api/auth/sign-out");
  await page.getByRole("banner").getByRole("button", { name: "Abmelden" }).click();
  await signedOut;
  await page.evaluate(async () => {
    window.dispatchEvent(new Event("focus"));
    window.dispatchEvent(new Event("visibilitychange"));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  release();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("button", { name: "Anmelden", exact: true })).toBeVisible();
  expect(messages).toEqual([]);
});

test("a running optimizer trial shows on /konto with its end", async ({ page }) => {
  await signUpConfirmed(page);
  const trial = await page.request.post("/api/optimizer/trial", { headers: { origin: E2E_BASE_URL } });
  expect(trial.ok()).toBe(true);
  await page.goto("/konto");
  await expect(page.getByText("Premium (Testphase)")).toBeVisible();
  await expect(page.getByText("Testphase endet am")).toBeVisible();
  await expect(page.getByText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/).first()).toBeVisible();
});

test("signed in, the cancellation form knows name and address and says no contract runs", async ({ page }) => {
  const { email } = await signUpConfirmed(page);
  await page.goto("/kuendigen");
  await expect(page.getByLabel("E-Mail-Adresse Ihres Kontos")).toHaveValue(email);
  // The account's name is the address's local part ("nutzer-1a2b"), which the form's name rule
  // refuses: it is left for the visitor to fill in.
  await expect(page.getByLabel("Ihr Name")).toHaveValue("");
  await expect(
    page.getByText("Für Ihr Konto läuft derzeit kein kostenpflichtiger Vertrag.", { exact: false }),
  ).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`at ${width} px a toast covers neither the header nor the open mobile menu`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const { email, password } = await signUpConfirmed(page);
    await page
      .getByRole("banner")
      .getByRole("button", { name: width < 1024 ? "Menü öffnen" : "Abmelden" })
      .click();
    if (width < 1024) await page.locator("#mobile-menu").getByRole("button", { name: "Abmelden" }).click();
    await signInThroughForm(page, email, password);
    if (width < 1024) await page.getByRole("button", { name: "Menü öffnen" }).click();
    const toast = await page.getByText("Erfolgreich eingeloggt!").boundingBox();
    const header = await page.getByRole("banner").boundingBox();
    expect(toast && header).toBeTruthy();
    if (!toast || !header) return;
    // The banner grows by the open mobile menu, so one check covers both.
    expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
  });
}

test("signed up from the optimizer, the confirmation link leads back to the optimizer", async ({ page }) => {
  const email = uniqueEmail("optimizer");
  await page.goto("/auth?returnUrl=%2Fxposter-evaluator");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill("Laterne-Zimt-42");
  await page.getByRole("checkbox", { name: "Ich habe die Datenschutzbedingungen zur Kenntnis genommen" }).click();
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect(page).toHaveURL(/\/auth\/registration-success$/);
  await page.goto(await confirmationLinkFor(email));
  await expect(page.getByRole("heading", { name: "E-Mail-Adresse bestätigt" })).toBeVisible();
  await expect(page.getByText("Sie werden in 5 Sekunden zum X-Post Optimizer weitergeleitet.")).toBeVisible();
  await page.getByRole("link", { name: "Zum X-Post Optimizer" }).click();
  await expect(page).toHaveURL(/\/xposter-evaluator$/);
});

test("on a phone the admin's usage chart keeps its labels apart", async ({ page, admin: _signedIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Nutzung" }).click();
  const caption = page.locator("figcaption").first();
  await expect(caption).toContainText("höchstens");
  const boxes = await caption.locator("span span, > span.text-center").evaluateAll((spans) =>
    spans.map((span) => {
      const box = span.getBoundingClientRect();
      return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    }),
  );
  expect(boxes).toHaveLength(3);
  for (const [index, box] of boxes.entries()) {
    for (const other of boxes.slice(index + 1)) {
      const apart =
        box.right <= other.left || other.right <= box.left || box.bottom <= other.top || other.bottom <= box.top;
      expect(apart, "two labels of the chart overlap").toBe(true);
    }
  }
});

for (const path of ["/konto", "/erstellen", "/archiv", "/admin"]) {
  test(`a direct load of ${path} paints the header and the page frame before any code runs`, async ({ browser }) => {
    // Without JavaScript the first paint is all there is: the HTML the server sends.
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole("banner").getByRole("link", { name: "Funktionen" })).toBeVisible();
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Impressum" })).toBeVisible();
      await expect(page.getByRole("main").getByText("Laden...")).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

test("/konto shows a pending e-mail change until its link is followed, and can cancel it", async ({ page }) => {
  const { email } = await signUpConfirmed(page);
  const cancelled = uniqueEmail("verworfen");
  const wanted = uniqueEmail("gewollt");
  const changeLink = async (to: string, after?: string) =>
    (
      await waitForMail(
        E2E_DATA_DIR,
        to,
        (m) => m.subject === "Bestätigen Sie Ihre neue E-Mail-Adresse" && (!after || m.file > after),
      )
    ).links[0] ?? "";
  async function requestChange(to: string) {
    await page.getByRole("button", { name: "E-Mail ändern" }).first().click();
    await page.getByLabel("Neue E-Mail-Adresse", { exact: true }).fill(to);
    await page.getByLabel("Neue E-Mail-Adresse bestätigen").fill(to);
    await page.locator("#emailChangePassword").fill("Laterne-Zimt-42");
    await page.getByRole("button", { name: "E-Mail ändern" }).last().click();
  }
  const notice = page.getByRole("status").filter({ hasText: "Ausstehende Änderung" });

  await page.goto("/konto");
  await requestChange(cancelled);
  await expect(notice).toContainText(`Ausstehende Änderung: ${cancelled}`);
  await expect(notice).toContainText(`Bis dahin melden Sie sich weiter mit ${email} an.`);
  await notice.getByRole("button", { name: "Änderung abbrechen" }).click();
  await expect(page.getByText("Die ausstehende Änderung wurde abgebrochen")).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.goto(await changeLink(cancelled));
  await expect(page.getByText("Dieser Bestätigungslink gilt nicht mehr")).toBeVisible();
  await expect(page).toHaveURL(/\/konto$/);
  await expect(page.getByRole("main").getByText(email, { exact: true })).toBeVisible();

  await requestChange(wanted);
  await expect(notice).toContainText(`Ausstehende Änderung: ${wanted}`);
  const firstMail = await waitForMail(E2E_DATA_DIR, wanted);
  await notice.getByRole("button", { name: "Link erneut senden" }).click();
  await expect(page.getByLabel("Neue E-Mail-Adresse", { exact: true })).toHaveValue(wanted);
  await page.locator("#emailChangePassword").fill("Laterne-Zimt-42");
  await page.getByRole("button", { name: "E-Mail ändern" }).last().click();
  await expect(page.getByText("Eine Bestätigungs-E-Mail wurde an Ihre neue Adresse gesendet.")).toBeVisible();
  await page.goto(await changeLink(wanted, firstMail.file));
  await expect(page).toHaveURL(/\/konto$/);
  await expect(page.getByRole("main").getByText(wanted, { exact: true })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test("when the generator cannot load the profile, it says so and keeps the session (ADR 0070)", async ({
  page,
  consoleErrors,
}) => {
  await signUpConfirmed(page);
  await page.route("**/api/generator/status", (route) =>
    route.fulfill({ status: 500, json: { error: "Es ist ein Fehler aufgetreten.", code: "SERVER_ERROR" } }),
  );
  await page.goto("/erstellen");
  await expect(page.getByText("Fehler beim Laden des Profils", { exact: true })).toBeVisible();
  await expect(page.getByText("Fehler beim Laden Ihres Profils. Bitte versuchen Sie es erneut.")).toBeVisible();
  await page.unroute("**/api/generator/status");
  await page.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(page.getByText("Fehler beim Laden Ihres Profils. Bitte versuchen Sie es erneut.")).toHaveCount(0);
  await expect(page).toHaveURL(/\/erstellen$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Abmelden" })).toBeVisible();
  // The browser's own note on the 500 this test caused is not an error of the page.
  const unexpected = consoleErrors.filter((text) => !text.includes("status of 500"));
  consoleErrors.splice(0, consoleErrors.length, ...unexpected);
});
