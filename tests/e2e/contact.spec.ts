import type { Page } from "@playwright/test";
import { CONTACT_MIN_FILL_MS, CONTACT_TEXTS } from "#shared/contact.ts";
import { E2E_CONTACT_EMAIL, E2E_DATA_DIR } from "../../playwright.config.ts";
import { waitForMail } from "../support/outbox.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

const MESSAGE = "Guten Tag, wir sind ein Team von fünf Personen. Gibt es einen Rabatt für mehrere Konten?";

// The page's clock runs normally; fastForward stands for a visitor who takes their time,
// so the minimum fill time (ADR 0011) never depends on how fast the test types.
async function openContactPage(page: Page) {
  await page.clock.install();
  await page.goto("/kontakt");
  await expect(page.getByRole("heading", { level: 1, name: "Kontakt" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Nachricht senden" })).toBeEnabled();
}

async function fillForm(page: Page, values: { name: string; email: string; message: string }) {
  await page.getByLabel("Name").fill(values.name);
  await page.getByLabel("E-Mail").fill(values.email);
  await page.getByLabel("Nachricht").fill(values.message);
}

test("the server's HTML for /kontakt carries the heading, the form and its own title", async ({ request }) => {
  const html = await (await request.get("/kontakt")).text();
  expect(html).toMatch(/<title>Kontakt – [^<]+<\/title>/);
  expect(html).toContain('<meta name="description" content="Fragen zu Postwerk');
  expect(html).toMatch(/<h1[^>]*>Kontakt<\/h1>/);
  for (const id of ["contact-name", "contact-email", "contact-message"]) expect(html).toContain(`id="${id}"`);
});

// ADR 0033: the form is described for WebMCP's declarative API; no toolautosubmit, so a
// person always checks and sends what an agent filled in.
test("the contact form carries the WebMCP form annotations", async ({ page }) => {
  await openContactPage(page);
  const form = page.locator("form[toolname]");
  await expect(form).toHaveAttribute("toolname", "send-contact-message");
  await expect(form).toHaveAttribute("tooldescription", /Nachricht/);
  await expect(form).not.toHaveAttribute("toolautosubmit");
  for (const name of ["name", "email", "message", "website"]) {
    await expect(form.locator(`[name="${name}"]`)).toHaveAttribute("toolparamdescription", /\S/);
  }
});

test("the contact form shows each validation text, sends, thanks the visitor and resets", async ({ page }) => {
  await openContactPage(page);
  const send = page.getByRole("button", { name: "Nachricht senden" });

  await send.click();
  await expect(page.getByText("Name muss mindestens 2 Zeichen lang sein.")).toBeVisible();
  await expect(page.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toBeVisible();
  await expect(page.getByText("Nachricht muss mindestens 10 Zeichen lang sein.")).toBeVisible();

  await fillForm(page, { name: "E", email: "erika@", message: "Zu kurz" });
  await send.click();
  await expect(page.getByText("Name muss mindestens 2 Zeichen lang sein.")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Bitte geben Sie eine gültige E-Mail-Adresse ein.")).toBeVisible();
  await expect(page.getByText("Nachricht muss mindestens 10 Zeichen lang sein.")).toBeVisible();

  const email = uniqueEmail("kontakt");
  await fillForm(page, { name: "Erika Mustermann", email, message: MESSAGE });
  await expect(page.getByRole("alert")).toHaveCount(0);

  // Hold the request, to see the sending state the spec asks for.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/contact", async (route) => {
    await held;
    await route.continue();
  });
  await page.clock.fastForward(CONTACT_MIN_FILL_MS + 2000);
  await send.click();
  const sending = page.getByRole("button", { name: "Wird gesendet..." });
  await expect(sending).toBeDisabled();
  release();

  await expect(page.getByText(CONTACT_TEXTS.sent)).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("");
  await expect(page.getByLabel("E-Mail")).toHaveValue("");
  await expect(page.getByLabel("Nachricht")).toHaveValue("");
  await expect(send).toBeEnabled();

  // The server stored the message (status "new": server/features/contact/contact.test.ts)
  // and told the operator, whose reply goes to the visitor.
  const mail = await waitForMail(E2E_DATA_DIR, E2E_CONTACT_EMAIL, (m) => m.text.includes(email));
  expect(mail.subject).toBe("Neue Kontaktanfrage von Erika Mustermann");
  expect(mail.text).toContain(MESSAGE);
});

test("when sending fails, the form keeps every input and shows the error", async ({ page, consoleErrors }) => {
  await openContactPage(page);
  await page.route("**/api/contact", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "kaputt" }) }),
  );
  const values = { name: "Erika Mustermann", email: uniqueEmail("kontakt"), message: MESSAGE };
  await fillForm(page, values);
  await page.clock.fastForward(CONTACT_MIN_FILL_MS + 2000);
  await page.getByRole("button", { name: "Nachricht senden" }).click();

  await expect(page.getByText(CONTACT_TEXTS.failed)).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(values.name);
  await expect(page.getByLabel("E-Mail")).toHaveValue(values.email);
  await expect(page.getByLabel("Nachricht")).toHaveValue(values.message);
  await expect(page.getByRole("button", { name: "Nachricht senden" })).toBeEnabled();

  // The browser reports the 500 this test staged; that is no error of the page.
  const isStaged = (error: string) => error.includes("status of 500");
  await expect.poll(() => consoleErrors.some(isStaged)).toBe(true);
  consoleErrors.splice(consoleErrors.findIndex(isStaged), 1);
});
