import type { Browser, Page } from "@playwright/test";
import { ADMIN_TEXTS } from "#shared/admin.ts";
import { E2E_BASE_URL, E2E_DATA_DIR } from "../../playwright.config.ts";
import { waitForMail } from "../support/outbox.ts";
import { storeConsentChoice } from "./consent-choice.ts";
import { expect, signUpConfirmed, test, uniqueEmail } from "./fixtures.ts";

// The admin dashboard: an admin of ADMIN_EMAILS walks the panels while a visitor
// and a customer use the product in their own browsers.

async function customerBrowser(browser: Browser): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  await storeConsentChoice(page);
  const { email } = await signUpConfirmed(page);
  return { page, email };
}

/** A visitor's message through the public route, as the form sends it after `fillDurationMs`. */
async function sendContactMessage(
  page: Page,
  message: { name: string; email: string; message: string; fillDurationMs: number },
) {
  const sent = await page.request.post("/api/contact", {
    headers: { origin: E2E_BASE_URL },
    data: { ...message, website: "" },
  });
  expect(sent.ok()).toBe(true);
}

test("an admin answers a visitor's message by e-mail and changes a customer's credits and plan", async ({
  page,
  browser,
  admin: _admin,
}) => {
  test.setTimeout(120_000);
  const visitor = uniqueEmail("besucherin");
  await sendContactMessage(page, {
    name: "Erika Besucherin",
    email: visitor,
    message: "Guten Tag, gibt es einen Rabatt für Vereine?",
    fillDurationMs: 60_000,
  });
  const customer = await customerBrowser(browser);
  await expect(customer.page.getByLabel("Credits: 10 von 100")).toBeVisible();

  await page.goto("/admin");
  await expect(page.getByRole("tab", { name: "Nachrichten", selected: true })).toBeVisible();

  // Contact messages: new → read → responded, the answer in the visitor's inbox.
  const message = page.getByRole("listitem").filter({ hasText: visitor });
  await expect(message.getByText("Neu", { exact: true })).toBeVisible();
  await message.getByRole("button", { name: "Als gelesen markieren" }).click();
  await expect(message.getByText("Gelesen", { exact: true })).toBeVisible();
  await expect(message.getByRole("button", { name: "Als gelesen markieren" })).toHaveCount(0);
  await message.getByRole("button", { name: "Antworten" }).click();
  const dialog = page.getByRole("dialog", { name: "Antwort an Erika Besucherin" });
  const answer = dialog.getByLabel("Ihre Antwort");
  await expect(answer).toHaveValue(/^Hallo Erika Besucherin,\n\nvielen Dank für Ihre Nachricht\./);
  await answer.fill("   ");
  await expect(dialog.getByRole("button", { name: "Antwort senden" })).toBeDisabled();
  await answer.fill("Hallo Erika,\n\nja: Vereine erhalten 20 % Rabatt.\n\nViele Grüße");
  await dialog.getByRole("button", { name: "Antwort senden" }).click();
  await expect(page.getByText(`Antwort an ${visitor} gesendet.`)).toBeVisible();
  await expect(message.getByText("Beantwortet", { exact: true })).toBeVisible();
  const mail = await waitForMail(E2E_DATA_DIR, visitor, (m) => m.subject === "Antwort auf Ihre Nachricht an Postwerk");
  expect(mail.text).toContain("ja: Vereine erhalten 20 % Rabatt.");
  expect(mail.text).toContain("Guten Tag, gibt es einen Rabatt für Vereine?");

  // Users and credits: found by a part of the e-mail, in any case.
  await page.getByRole("tab", { name: "Nutzer & Credits" }).click();
  await expect(page).toHaveURL(/\/admin\?panel=nutzer$/);
  await page.getByLabel("Nach E-Mail suchen").fill(customer.email.split("@")[0]?.toUpperCase() ?? "");
  const row = page.getByRole("list", { name: "Nutzer" }).getByRole("listitem");
  await expect(row).toHaveCount(1);
  await expect(row.getByText(customer.email)).toBeVisible();
  await row.getByLabel("Credits").fill("55");
  await row.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText(`Credits von ${customer.email} gespeichert.`)).toBeVisible();
  // The customer sees the credits in their header …
  await customer.page.reload();
  await expect(customer.page.getByLabel("Credits: 55 von 100")).toBeVisible();
  await row.getByRole("button", { name: "Pro vergeben" }).click();
  await expect(row.getByText(/^Pro bis \d{2}\.\d{2}\.\d{4} · von Hand$/)).toBeVisible();

  // … and, with Pro, the plan and its runs instead, as on /konto (ADR 0061).
  await customer.page.reload();
  await expect(customer.page.getByLabel("Durchläufe: 100 von 100 übrig")).toBeVisible();
  await expect(customer.page.getByRole("banner").getByTitle("Ihr Plan: Pro")).toBeVisible();

  // And the audit log says who did it.
  await page.getByRole("tab", { name: "Protokoll" }).click();
  const log = page.getByRole("table");
  await expect(log.getByRole("row").filter({ hasText: "Credits geändert" }).first()).toContainText('{"credits":55}');
  await expect(log.getByRole("row").filter({ hasText: "Plan von Hand vergeben" }).first()).toBeVisible();
  await expect(log.getByRole("row").filter({ hasText: "Kontaktanfrage beantwortet" }).first()).toBeVisible();
  await customer.page.context().close();
});

// ADR 0081: a message sent faster than CONTACT_MIN_FILL_MS (autofill, paste) is kept, not dropped.
test("a message sent 1 s after the form opened reaches the admin marked as suspected spam", async ({
  page,
  admin: _admin,
}) => {
  const visitor = uniqueEmail("schnell");
  await sendContactMessage(page, {
    name: "Schnelle Besucherin",
    email: visitor,
    message: "Guten Tag, meine Nachricht kam per Autofill und Einfügen.",
    fillDurationMs: 1000,
  });

  await page.goto("/admin");
  const message = page.getByRole("listitem").filter({ hasText: visitor });
  await expect(message.getByText("Spamverdacht", { exact: true })).toBeVisible();
  await expect(message.getByText(/In weniger als 3 Sekunden abgeschickt/)).toBeVisible();
  await page.getByLabel("Anzeigen").selectOption({ label: "Ohne Spamverdacht" });
  await expect(page.getByRole("listitem").filter({ hasText: visitor })).toHaveCount(0);
  await page.getByLabel("Anzeigen").selectOption({ label: "Nur Spamverdacht" });
  await expect(message.getByText("Spamverdacht", { exact: true })).toBeVisible();
});

test("an admin manages prompt and token configurations, the site settings, and reads the usage", async ({
  page,
  admin: _admin,
  siteSettings,
}) => {
  test.setTimeout(120_000);
  await page.goto("/admin?panel=prompts");

  // Prompts: the one the generator uses is marked; a new one is created, edited and deleted.
  const prompts = page.getByRole("list", { name: "Prompt-Konfigurationen" });
  await expect(prompts.getByRole("listitem").filter({ hasText: "social-posts" })).toContainText(
    "Vom Generator genutzt",
  );
  await page.getByRole("button", { name: "Neue Konfiguration" }).click();
  let dialog = page.getByRole("dialog", { name: "Neue Prompt-Konfiguration" });
  await dialog.getByLabel("Name").fill("Herbst-Aktion");
  await dialog.getByLabel("System-Prompt").fill("Du schreibst Beiträge für einen Hofladen.");
  await dialog.getByLabel("User-Prompt").fill("Schreibe {postCount} Beiträge über {keyPoints}.");
  await expect(dialog.getByText("{keyPoints}")).toBeVisible();
  await dialog.getByRole("button", { name: "Anlegen" }).click();
  await expect(page.getByText(ADMIN_TEXTS.promptCreated)).toBeVisible();
  await page.getByRole("button", { name: "Herbst-Aktion bearbeiten" }).click();
  dialog = page.getByRole("dialog", { name: "Prompt-Konfiguration bearbeiten" });
  await dialog.getByLabel("System-Prompt").fill("Du schreibst Beiträge für einen Hofladen im Herbst.");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText(ADMIN_TEXTS.promptUpdated)).toBeVisible();
  await page.getByRole("button", { name: "Herbst-Aktion löschen" }).click();
  await page
    .getByRole("dialog", { name: "Prompt-Konfiguration löschen?" })
    .getByRole("button", { name: /löschen/i })
    .click();
  await expect(page.getByText(ADMIN_TEXTS.promptDeleted)).toBeVisible();
  await expect(prompts.getByText("Herbst-Aktion")).toHaveCount(0);

  // Tokens: an empty field falls back to 0 and is refused; 2000 is taken.
  await page.getByRole("tab", { name: "Tokens" }).click();
  // Both panels have this button; wait until the tokens panel is the one showing.
  await expect(page.getByRole("list", { name: "Token-Konfigurationen" })).toBeVisible();
  await page.getByRole("button", { name: "Neue Konfiguration" }).click();
  dialog = page.getByRole("dialog", { name: "Neue Token-Konfiguration" });
  await expect(dialog.getByLabel("Max. Tokens")).toHaveValue("1000");
  await dialog.getByLabel("Name").fill("Lange Beiträge");
  await dialog.getByLabel("Max. Tokens").fill("");
  await dialog.getByRole("button", { name: "Anlegen" }).click();
  await expect(dialog.getByText("Bitte geben Sie eine ganze Zahl von 1 bis 64.000 ein.")).toBeVisible();
  await dialog.getByLabel("Max. Tokens").fill("2000");
  await dialog.getByRole("button", { name: "Anlegen" }).click();
  await expect(page.getByText(ADMIN_TEXTS.tokenCreated)).toBeVisible();
  await page.getByRole("button", { name: "Lange Beiträge löschen" }).click();
  await page
    .getByRole("dialog", { name: "Token-Konfiguration löschen?" })
    .getByRole("button", { name: /löschen/i })
    .click();
  await expect(page.getByText(ADMIN_TEXTS.tokenDeleted)).toBeVisible();

  // Site settings: the served page changes on the next load; a second save (the form knows the
  // new version, ADR 0024) brings the old title back. The siteSettings fixture restores what the
  // test found even when it fails before that.
  await page.getByRole("tab", { name: "Seiteneinstellungen" }).click();
  const title = page.getByLabel("Seitentitel");
  const originalTitle = siteSettings.siteTitle;
  await expect(title).toHaveValue(originalTitle);
  await title.fill("Hofladen </title> & Co");
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText(ADMIN_TEXTS.siteSettingsUpdated)).toBeVisible();
  const html = await (await page.request.get("/preise")).text();
  expect(html).toContain("<title>Preise – Hofladen &lt;/title&gt; &amp; Co</title>");
  await title.fill(originalTitle);
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText(ADMIN_TEXTS.siteSettingsUpdated).last()).toBeVisible();
  expect(await (await page.request.get("/preise")).text()).toContain(`<title>Preise – ${originalTitle}</title>`);

  // Usage: the last 30 days as a chart and a table.
  await page.getByRole("tab", { name: "Nutzung" }).click();
  await expect(page.getByRole("columnheader", { name: "Registrierungen" })).toBeVisible();
  // A head, a row for each of the 30 days, and the totals.
  await expect(page.getByRole("table", { name: "Nutzung je Tag, neuester Tag zuerst" }).getByRole("row")).toHaveCount(
    32,
  );
  await expect(page.getByRole("columnheader", { name: "Pro-Kontingent" })).toBeVisible();
  await expect(page.getByText("sie bleiben gezählt, wenn der Archiveintrag gelöscht wird")).toBeVisible();

  // Beneath it the monthly caps of publishing (ADR 0053): empty is no cap; a bad value is named.
  await expect(page.getByText("Veröffentlicht in diesem Monat:")).toBeVisible();
  const freeX = page.getByLabel("Kostenlos, X: Beiträge im Monat");
  await expect(freeX).toHaveValue("");
  await freeX.fill("1,5");
  await page.getByRole("button", { name: "Kontingente speichern" }).click();
  await expect(page.getByText("Bitte geben Sie eine ganze Zahl von 0 bis 1.000.000 ein")).toBeVisible();
  await freeX.fill("25");
  await page.getByRole("button", { name: "Kontingente speichern" }).click();
  await expect(page.getByText("Kontingente gespeichert.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Kostenlos, X: Beiträge im Monat")).toHaveValue("25");
  await page.getByLabel("Kostenlos, X: Beiträge im Monat").fill("");
  await page.getByRole("button", { name: "Kontingente speichern" }).click();
  await expect(page.getByText("Kontingente gespeichert.").last()).toBeVisible();

  // And the caps of the metrics' reads (ADR 0105), in the same form for their own table.
  const freeXReads = page.getByLabel("Kostenlos, X: gelesene Beiträge im Monat");
  await expect(freeXReads).toHaveValue("");
  await freeXReads.fill("500");
  await page.getByRole("button", { name: "Lesegrenzen speichern" }).click();
  await expect(page.getByText("Lesegrenzen gespeichert.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Kostenlos, X: gelesene Beiträge im Monat")).toHaveValue("500");
  await expect(page.getByLabel("Kostenlos, X: Beiträge im Monat")).toHaveValue("");
  await page.getByLabel("Kostenlos, X: gelesene Beiträge im Monat").fill("");
  await page.getByRole("button", { name: "Lesegrenzen speichern" }).click();
  await expect(page.getByText("Lesegrenzen gespeichert.").last()).toBeVisible();
  await page.getByRole("tab", { name: "Protokoll" }).click();
  await expect(page.getByText("Veröffentlichungs-Kontingente geändert").first()).toBeVisible();
  await expect(page.getByText("Kennzahlen-Lesegrenzen geändert").first()).toBeVisible();
});

test("a save over another admin's newer caps is refused with the conflict notice (ADR 0024)", async ({
  page,
  admin: _admin,
}) => {
  const other = await page.context().newPage();
  for (const tab of [page, other]) await tab.goto("/admin?panel=nutzung");
  const freeX = (tab: Page) => tab.getByLabel("Kostenlos, Bluesky: Beiträge im Monat");
  await expect(freeX(other)).toHaveValue("");

  await freeX(page).fill("7");
  await page.getByRole("button", { name: "Kontingente speichern" }).click();
  await expect(page.getByText("Kontingente gespeichert.")).toBeVisible();

  await freeX(other).fill("9");
  await other.getByRole("button", { name: "Kontingente speichern" }).click();
  const notice = other.getByRole("alert").filter({ hasText: "Jemand anderes hat die Kontingente gespeichert" });
  await expect(notice).toBeVisible();
  await expect(other.getByRole("button", { name: "Kontingente speichern" })).toBeDisabled();
  await notice.getByRole("button", { name: "Neuen Stand laden" }).click();
  await expect(notice).toHaveCount(0);
  await expect(freeX(other)).toHaveValue("7");

  // The other tab now edits the newest version, so its save goes through (and restores no cap).
  await freeX(other).fill("");
  await other.getByRole("button", { name: "Kontingente speichern" }).click();
  await expect(other.getByText("Kontingente gespeichert.")).toBeVisible();
});
