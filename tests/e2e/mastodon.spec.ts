import type { Page } from "@playwright/test";
import { E2E_BASE_URL, MASTODON_FAKE_URL } from "../../playwright.config.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";

// Mastodon (ADR 0095): the user names the instance (here the fake, the one non-public instance the
// e2e server is told to allow), Postwerk registers there and sends the browser to its consent
// page; a private address is refused in German first. Then a two-post thread from the composer,
// with the Mastodon preview, goes out as a reply chain: once each at the fake, "Gesendet" in the plan.

const SCREENSHOTS = process.env.SCREENSHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("connect a Mastodon instance and publish a two-post thread that shows in the fake and the plan", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await fetch(`${MASTODON_FAKE_URL}/__fake/faults`, { method: "DELETE" });
  await signUpConfirmed(page);
  await page.goto("/konto/verbundene-konten");
  await page.getByRole("button", { name: "Mastodon verbinden" }).click();
  const form = page.getByRole("form", { name: "Mastodon verbinden" });
  await form.getByLabel("Instanz").fill("10.0.0.1");
  await form.getByRole("button", { name: "Weiter zur Instanz" }).click();
  await expect(form.getByText(/keine öffentliche Mastodon-Instanz/)).toBeVisible();
  await shoot(page, "mastodon-connect");

  await form.getByLabel("Instanz").fill(MASTODON_FAKE_URL);
  await form.getByRole("button", { name: "Weiter zur Instanz" }).click();
  await expect(page.getByRole("heading", { name: /^Mastodon \(Fake\)/ })).toBeVisible();
  await page.getByRole("button", { name: "Zugriff erlauben" }).click();
  // The account page loads after the redirect back; on a busy machine that takes a while.
  await expect(page.getByText("Mastodon-Konto verbunden.")).toBeVisible({ timeout: 15_000 });
  const handle = `@erika@${new URL(MASTODON_FAKE_URL).host}`;
  await expect(page.getByTestId("connected-account")).toContainText(handle);

  await page.goto("/redaktionsplan");
  await page.getByRole("button", { name: "Neuer Beitrag" }).click();
  const composer = page.getByRole("dialog", { name: "Neuer Beitrag" });
  await composer.getByRole("checkbox", { name: /^Mastodon · / }).check();
  await composer.getByRole("checkbox", { name: "Als Thread" }).check();
  const run = Date.now().toString(36);
  const posts = [`Mastodon-Faden ${run}, Teil 1:\nNeue Brote ab Montag.`, `Mastodon-Faden ${run}, Teil 2: Dinkel.`];
  await composer.getByLabel("Beitrag 1 von 2").fill(posts[0] ?? "");
  await composer.getByLabel("Beitrag 2 von 2").fill(posts[1] ?? "");
  await expect(composer.getByTestId("counter-mastodon").first()).toContainText("500");
  const preview = composer.getByRole("figure", { name: `Vorschau für Mastodon (${handle})` });
  await expect(preview.getByTestId("mastodon-preview-post")).toHaveCount(2);
  await expect(preview).toContainText("Bäckerei Sonnenschein");
  await shoot(page, "mastodon-composer");
  // The dialog scrolls on its own: the preview itself at both widths.
  if (SCREENSHOTS)
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await preview.scrollIntoViewIfNeeded();
      await preview.screenshot({ path: `${SCREENSHOTS}/mastodon-preview-${width}.png` });
    }
  await page.setViewportSize({ width: 1280, height: 900 });

  await composer.getByRole("button", { name: "Thread veröffentlichen" }).click();
  await expect(composer).toBeHidden();

  await page.goto("/redaktionsplan?ansicht=liste");
  const item = page.getByTestId("planned-post").filter({ hasText: `Mastodon-Faden ${run}` });
  await expect(async () => {
    await page.reload();
    await expect(item).toContainText("Gesendet", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  const fakePage = await (await page.request.get(`${MASTODON_FAKE_URL}/`)).text();
  for (const text of posts) expect(fakePage.split(text.replace(/\n/g, "\n")).length - 1).toBe(1);

  // A planned Mastodon post keeps its content warning in the plan's dialog: edited there, and
  // counted toward the instance's limit with the text (ADR 0095).
  const connections = (await (await page.request.get("/api/connections")).json()) as {
    networks: { network: string; accounts: { id: string }[] }[];
  };
  const accountId = connections.networks.find((group) => group.network === "mastodon")?.accounts[0]?.id ?? "";
  const day = new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString().slice(0, 10);
  const planned = await page.request.post("/api/posts", {
    headers: { origin: E2E_BASE_URL },
    data: {
      targets: [{ accountId, text: `Kurz ${run}` }],
      plannedFor: { date: day, time: "10:00" },
      contentWarning: "Spoiler",
    },
  });
  expect(planned.status()).toBe(201);
  await page.goto(`/redaktionsplan?ansicht=liste&datum=${day}`);
  await page
    .getByTestId("planned-post")
    .filter({ hasText: `Kurz ${run}` })
    .click();
  const details = page.getByRole("dialog", { name: /^Beitrag für Mastodon/ });
  const warning = details.getByLabel("Inhaltswarnung (optional)");
  await expect(warning).toHaveValue("Spoiler");
  const length = `Kurz ${run}`.length;
  await expect(details.getByTestId("post-length")).toHaveText(`${length + 7} / 500 Zeichen`);
  await warning.fill("Spoiler: Brot");
  await expect(details.getByTestId("post-length")).toHaveText(`${length + 13} / 500 Zeichen`);
  await shoot(page, "mastodon-edit-content-warning");
  await details.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Beitrag gespeichert.")).toBeVisible();
  await page
    .getByTestId("planned-post")
    .filter({ hasText: `Kurz ${run}` })
    .click();
  await expect(details.getByLabel("Inhaltswarnung (optional)")).toHaveValue("Spoiler: Brot");
});
