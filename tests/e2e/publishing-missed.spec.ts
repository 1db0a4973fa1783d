import { DEFAULT_TIME_ZONE, toWallTime } from "#shared/wall-time.ts";
import { BLUESKY_FAKE_URL, E2E_BASE_URL, E2E_CLOCK_URL } from "../../playwright.config.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";
import { connectBluesky } from "./publishing-steps.ts";

// A post the queue could not send in time (ADR 0075): "Verpasst" in the Redaktionsplan, with the
// reason, and "Jetzt senden" sends it once. The e2e clock's /sweep looks ahead as if no worker had
// run meanwhile (tests/support/e2e-server.ts).

const TEXT = "Heute frische Brezeln, solange der Vorrat reicht.";

test("a missed post says why and goes out with 'Jetzt senden'", async ({ page }) => {
  await signUpConfirmed(page);
  await connectBluesky(page);

  const connections = (await (await page.request.get("/api/connections")).json()) as {
    networks: { network: string; accounts: { id: string }[] }[];
  };
  const bluesky = connections.networks.find((entry) => entry.network === "bluesky")?.accounts[0];
  const inAnHour = new Date(Date.now() + 60 * 60_000);
  const { date, time } = toWallTime(inAnHour, DEFAULT_TIME_ZONE);
  const planned = await page.request.post("/api/posts", {
    headers: { origin: E2E_BASE_URL },
    data: { targets: [{ accountId: bluesky?.id, text: TEXT }], plannedFor: { date, time } },
  });
  expect(planned.status(), await planned.text()).toBe(201);

  // Two hours pass without a worker: the sweep finds it overdue by more than 30 minutes.
  const swept = await page.request.post(`${E2E_CLOCK_URL}/sweep?minutes=120`);
  expect(((await swept.json()) as { missed: number }).missed).toBeGreaterThanOrEqual(1);

  await page.goto("/redaktionsplan?ansicht=liste");
  const post = page.getByTestId("planned-post").filter({ hasText: "Heute frische Brezeln" });
  await expect(post).toContainText("Verpasst");
  await post.click();
  const details = page.getByRole("dialog", { name: /^Beitrag für Bluesky/ });
  await expect(details.getByText(/nicht rechtzeitig senden \(mehr als 30 Minuten/)).toBeVisible();
  await expect(details.getByRole("button", { name: "Neu planen" })).toBeVisible();
  await details.getByRole("button", { name: "Jetzt senden" }).click();
  await expect(page.getByText("Beitrag wird jetzt gesendet.")).toBeVisible();

  // The queue takes it within its polling interval; the user looks again until it has.
  await expect(async () => {
    await page.reload();
    await expect(post).toContainText("Gesendet", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const atBluesky = await (await page.request.get(`${BLUESKY_FAKE_URL}/`)).text();
  expect(atBluesky.split(TEXT)).toHaveLength(2);

  // The notification area told about the missed post too.
  await page.getByRole("button", { name: /^Benachrichtigungen/ }).click();
  await expect(page.getByTestId("notification").filter({ hasText: "verpasst" })).toHaveCount(1);
});
