import { E2E_BASE_URL, WEBHOOK_RECEIVER_URL } from "../../playwright.config.ts";
import { FAKE_BLUESKY_ACCOUNT } from "../mocks/bluesky-server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../mocks/webhook-receiver.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";

// "Webhooks" on /konto (ADR 0110): an endpoint is added with its events, its secret is shown once,
// a private address is refused in German, and a post sent now appears in the delivery log after
// the server's own workers delivered it, signed, to the receiver (tests/mocks/webhook-receiver.ts).

let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver({ port: Number(new URL(WEBHOOK_RECEIVER_URL).port) });
});
test.afterAll(async () => {
  await receiver.close();
});

test("adds a webhook, shows its secret once and logs the delivery of a sent post", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpConfirmed(page);
  await page.goto("/konto");
  const card = page.getByRole("region", { name: "Webhooks" });
  await expect(card.getByText("Sie haben noch keine Webhooks.")).toBeVisible();

  await card.getByLabel("Adresse (https://)").fill("https://127.0.0.1/intern");
  await card.getByRole("button", { name: "Webhook hinzufügen" }).click();
  await expect(page.getByText("Diese Adresse ist nicht öffentlich erreichbar.", { exact: false })).toBeVisible();

  await card.getByLabel("Adresse (https://)").fill(`${WEBHOOK_RECEIVER_URL}/postwerk`);
  await card.getByRole("checkbox", { name: /^Beitrag unbestätigt/ }).uncheck();
  await card.getByRole("button", { name: "Webhook hinzufügen" }).click();
  const shown = card.getByTestId("new-webhook-secret");
  await expect(shown).toHaveText(/^whsec_/);
  const secret = (await shown.textContent()) ?? "";
  await expect(card.getByRole("listitem").filter({ hasText: `${WEBHOOK_RECEIVER_URL}/postwerk` })).toContainText(
    "Beitrag gesendet, Beitrag fehlgeschlagen",
  );

  // A post sent now through Bluesky's fake: the queue sends it, then the webhook goes out.
  const connected = await page.request.post("/api/connections/bluesky/app-password", {
    headers: { origin: E2E_BASE_URL },
    data: { identifier: FAKE_BLUESKY_ACCOUNT.handle, appPassword: FAKE_BLUESKY_ACCOUNT.appPassword },
  });
  expect(connected.status()).toBe(201);
  const { accountId } = (await connected.json()) as { accountId: string };
  const created = await page.request.post("/api/posts", {
    headers: { origin: E2E_BASE_URL },
    data: { targets: [{ accountId, text: "Webhook: frische Brezeln ab sieben Uhr." }] },
  });
  expect(created.status()).toBe(201);
  await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(1);
  const [request] = receiver.received;
  expect(request?.headers["postwerk-event"]).toBe("post.sent");
  expect(request?.headers["postwerk-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(JSON.parse(request?.body ?? "{}").data.post.text).toBe("Webhook: frische Brezeln ab sieben Uhr.");

  await page.reload();
  const log = page.getByRole("region", { name: "Webhooks" }).getByTestId("webhook-log");
  await expect(log).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} · post\.sent/);
  await expect(log).toContainText("Zugestellt (HTTP 204) · Versuch 1 von 6");
  await expect(page.getByText(secret)).toHaveCount(0);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const region = page.getByRole("region", { name: "Webhooks" });
    await region.scrollIntoViewIfNeeded();
    await region.screenshot({ path: `test-results/webhooks-${width}.png` });
  }

  await page.getByRole("region", { name: "Webhooks" }).getByRole("button", { name: "Löschen" }).click();
  await expect(page.getByText("Webhook gelöscht.")).toBeVisible();
  await expect(page.getByText("Sie haben noch keine Webhooks.")).toBeVisible();
});
