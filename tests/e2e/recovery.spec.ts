import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { BLUESKY_FAKE_URL, E2E_BASE_URL, X_FAKE_URL } from "../../playwright.config.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";
import { connectBluesky, connectThroughConsentPage } from "./publishing-steps.ts";

// ADR 0093: a post the network refused says in German why and what to do, keeps the network's own
// words in a <details>, and goes out with "Erneut senden"; a post in doubt only after its owner
// confirmed, next to the link to the profile, that it did not appear.

async function firstAccountOf(page: Page, network: string): Promise<string> {
  const connections = (await (await page.request.get("/api/connections")).json()) as {
    networks: { network: string; accounts: { id: string }[] }[];
  };
  const id = connections.networks.find((entry) => entry.network === network)?.accounts[0]?.id;
  if (!id) throw new Error(`kein ${network}-Konto`);
  return id;
}

async function publishNow(page: Page, accountId: string, text: string) {
  const created = await page.request.post("/api/posts", {
    headers: { origin: E2E_BASE_URL },
    data: { targets: [{ accountId, text }] },
  });
  expect(created.status(), await created.text()).toBe(201);
}

/** The post's entry in the Redaktionsplan's list once it reached `status` (the queue sends on its own). */
async function listedAs(page: Page, text: string, status: RegExp) {
  const post = page.getByTestId("planned-post").filter({ hasText: text });
  await expect(async () => {
    await page.goto("/redaktionsplan?ansicht=liste");
    await expect(post).toContainText(status, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return post;
}

test("a duplicate X refused: the German sentence, X's words folded away, and 'Erneut senden' sends it", async ({
  page,
}) => {
  await signUpConfirmed(page);
  await page.goto("/konto/verbundene-konten");
  await connectThroughConsentPage(page, "X");
  const text = `Frische Brezeln ab 6 Uhr – ${Date.now()}`;
  // X refuses the next post as it refuses a duplicate.
  await page.request.post(`${X_FAKE_URL}/__fake/fault`, {
    data: { fault: { kind: "refusal", reason: "duplicate" }, route: "post", times: 1 },
  });
  await publishNow(page, await firstAccountOf(page, "x"), text);

  const post = await listedAs(page, text, /Fehlgeschlagen/);
  await expect(post).toContainText(/Geplant für \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await post.click();
  const dialog = page.getByRole("dialog", { name: /^Beitrag für X/ });
  await expect(
    dialog.getByText(
      "X hat den Beitrag als Duplikat abgelehnt: Dieses Konto hat denselben Text bereits veröffentlicht.",
    ),
  ).toBeVisible();
  const original = dialog.getByText("You are not allowed to create a Tweet with duplicate content.");
  await expect(original).toBeHidden();
  await dialog.getByText("Originale Meldung des Netzwerks").click();
  await expect(original).toBeVisible();
  // A duplicate is fixed in the text, not on the connections page.
  await expect(dialog.getByRole("link", { name: "Verbundene Konten" })).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`fehlgeschlagen-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // As the sentence says: the text changed a little, then sent again, as changed.
  await dialog.getByLabel("Text").fill(`${text} (neu)`);
  await dialog.getByRole("button", { name: "Erneut senden" }).click();
  await expect(page.getByText("Beitrag wird jetzt gesendet.")).toBeVisible();
  const sent = await listedAs(page, text, /Gesendet am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await sent.click();
  await expect(page.getByRole("dialog").getByText(/^Gesendet am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)).toBeVisible();
  const atX = await (await page.request.get(`${X_FAKE_URL}/`)).text();
  expect(atX.split(`${text} (neu)`)).toHaveLength(2);
  expect(atX.split(text)).toHaveLength(2);
});

test("a post in doubt goes out again only after the owner confirmed it is not on the profile", async ({ page }) => {
  await signUpConfirmed(page);
  await connectBluesky(page);
  const text = `Ist er angekommen? ${Date.now()}`;
  // The answer to the post is lost on the way: Postwerk cannot know whether it arrived.
  await page.request.post(`${BLUESKY_FAKE_URL}/__fake/fault`, {
    data: { fault: { kind: "lost-response" }, route: "post", times: 1 },
  });
  await publishNow(page, await firstAccountOf(page, "bluesky"), text);

  const post = await listedAs(page, text, /Unbestätigt/);
  await post.click();
  const dialog = page.getByRole("dialog", { name: /^Beitrag für Bluesky/ });
  await dialog.getByRole("button", { name: "Erneut senden" }).click();
  await expect(dialog.getByRole("link", { name: /Konto bei Bluesky öffnen/ }).last()).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Jetzt erneut senden" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Ich habe nachgesehen: Der Beitrag ist nicht erschienen").check();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`unbestaetigt-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await confirm.click();
  await expect(page.getByText("Beitrag wird erneut gesendet.")).toBeVisible();
  await listedAs(page, text, /Gesendet am/);
});
