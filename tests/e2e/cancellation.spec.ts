import { E2E_DATA_DIR } from "../../playwright.config.ts";
import { waitForMail } from "../support/outbox.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

// § 312k BGB: "Verträge hier kündigen" in every footer leads to a form that works
// without signing in and confirms the cancellation on screen and by e-mail at once.

test("a signed-out customer cancels through the footer link and gets the receipt on screen and by e-mail", async ({
  page,
}) => {
  const email = uniqueEmail("kuendigung");
  await page.goto("/preise");
  await page.getByRole("contentinfo").getByRole("link", { name: "Verträge hier kündigen" }).click();
  await expect(page).toHaveURL(/\/kuendigen$/);
  await expect(page.getByRole("heading", { name: "Verträge hier kündigen", level: 1 })).toBeVisible();

  const submit = page.getByRole("button", { name: "Jetzt kündigen" });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText("Bitte geben Sie Ihren Namen an (mindestens 2 Zeichen).")).toBeVisible();

  await page.getByLabel("Ihr Name").fill("Erika Mustermann");
  await page.getByLabel("E-Mail-Adresse Ihres Kontos").fill(email);
  await page.getByLabel("Vertrag").selectOption("optimizer_premium");
  await page.getByLabel("Außerordentliche (fristlose) Kündigung").check();
  await page.getByLabel("Grund (optional)").fill("Wir schließen das Geschäft.");
  await submit.click();

  const receipt = page.getByRole("status").filter({ hasText: "Ihre Kündigung ist eingegangen" });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByText(/^Eingegangen am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} Uhr\.$/)).toBeVisible();
  await expect(receipt.getByText("X-Post Optimizer Premium")).toBeVisible();
  await expect(receipt.getByText(`Eine Bestätigung haben wir an ${email} gesendet.`)).toBeVisible();

  const mail = await waitForMail(E2E_DATA_DIR, email, (m) => m.subject === "Eingangsbestätigung Ihrer Kündigung");
  expect(mail.text).toContain("Vertrag: X-Post Optimizer Premium");
  expect(mail.text).toContain("Art: Außerordentliche (fristlose) Kündigung");
});
