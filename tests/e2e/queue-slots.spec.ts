import AxeBuilder from "@axe-core/playwright";
import { addDays, formatDay, toWallTime, wallTimeToInstant } from "#shared/wall-time.ts";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";
import { connectBluesky } from "./publishing-steps.ts";

// The user's time zone (ADR 0091) and the "Warteschlange" (ADR 0092) in the browser: choose a
// zone in /konto, set an account's weekly posting times, and "In nächsten freien Slot" puts the
// next of them into the form, in that zone. Screenshots at 1280 and 390 px for a look.

const ZONE = "America/New_York";
const TEXT = "Frische Bagels ab sieben Uhr – bis gleich!";

test("set the zone, define slots, and the next free slot lands in the form in that zone", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpConfirmed(page);
  await connectBluesky(page);

  // Zeitzone in /konto: search narrows the list, saving says so.
  await page.goto("/konto");
  await page.getByLabel("Zeitzone suchen").fill("new york");
  await page.getByRole("combobox", { name: "Zeitzone", exact: true }).selectOption(ZONE);
  await expect(page.getByRole("combobox", { name: "Zeitzone", exact: true })).toHaveValue(ZONE);
  await page.getByRole("button", { name: "Zeitzone speichern" }).click();
  await expect(page.getByText(/^Zeitzone gespeichert: Amerika\/New York/)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("heading", { name: "Zeitzone" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/queue-slots-konto-1280.png" });
  const zoneAxe = await new AxeBuilder({ page }).include("form:has(select)").analyze();
  expect(zoneAxe.violations).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("heading", { name: "Zeitzone" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/queue-slots-konto-390.png" });

  // Warteschlange: Mo–So at 09:00 and 12:30, one chip removed again.
  await page.goto("/konto/verbundene-konten");
  await page.getByRole("button", { name: /^Warteschlange von Bluesky-Konto/ }).click();
  const dialog = page.getByRole("dialog", { name: /^Warteschlange für/ });
  await expect(dialog.getByText("Noch keine Sendezeiten hinterlegt.")).toBeVisible();
  for (const day of ["Samstag", "Sonntag"]) await dialog.getByRole("button", { name: day, exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Sonntag", exact: true })).toHaveAttribute("aria-pressed", "true");
  await dialog.getByLabel("Uhrzeit").fill("09:00");
  await dialog.getByRole("button", { name: "Sendezeit hinzufügen" }).click();
  await dialog.getByLabel("Uhrzeit").fill("12:30");
  await dialog.getByRole("button", { name: "Sendezeit hinzufügen" }).click();
  await expect(dialog.getByText("Sendezeiten (14 von höchstens 50)")).toBeVisible();
  await dialog.getByRole("button", { name: "Sonntag 12:30 entfernen" }).click();
  await expect(dialog.getByText("Sendezeiten (13 von höchstens 50)")).toBeVisible();
  await expect(dialog.getByText(/Zeiten in Ihrer Zeitzone: Amerika\/New York/)).toBeVisible();
  const axe = await new AxeBuilder({ page }).include("dialog[open]").analyze();
  expect(axe.violations).toEqual([]);
  await page.screenshot({ path: "test-results/queue-slots-dialog-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/queue-slots-dialog-390.png", fullPage: true });
  await dialog.getByRole("button", { name: "Sendezeiten speichern" }).click();
  await expect(page.getByText("Sendezeiten gespeichert.")).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });

  // A post planned through the API for 16:45 the day after tomorrow, read in New York.
  const connections = (await (await page.request.get("/api/connections")).json()) as {
    networks: { network: string; accounts: { id: string }[] }[];
  };
  const accountId = connections.networks.find((entry) => entry.network === "bluesky")?.accounts[0]?.id;
  const day = addDays(toWallTime(new Date(), ZONE).date, 2);
  const planned = await page.request.post("/api/posts", {
    headers: { origin: E2E_BASE_URL },
    data: { targets: [{ accountId, text: TEXT }], plannedFor: { date: day, time: "16:45" } },
  });
  expect(planned.status(), await planned.text()).toBe(201);
  const { posts } = (await planned.json()) as { posts: { scheduledAt: string }[] };
  expect(posts[0]?.scheduledAt).toBe(wallTimeToInstant(day, "16:45", ZONE)?.toISOString());

  // The Redaktionsplan shows it at 16:45 (New York), and the dialog's button finds the next slot.
  // The list at the post's day: four weeks from that day's Monday (ADR 0089), whatever today is.
  await page.goto(`/redaktionsplan?ansicht=liste&datum=${day}`);
  const post = page.getByTestId("planned-post").filter({ hasText: "Frische Bagels" });
  await expect(post).toContainText(`${formatDay(day)} 16:45`);
  await post.click();
  const details = page.getByRole("dialog", { name: /^Beitrag für Bluesky/ });
  await expect(details.getByText(`Geplant für ${formatDay(day)} 16:45`)).toBeVisible();
  await expect(details.getByLabel("Uhrzeit (New York)")).toHaveValue("16:45");
  await details.getByRole("button", { name: "In nächsten freien Slot" }).click();
  const expected = nextExpectedSlot();
  await expect(details.getByTestId("next-slot")).toHaveText(
    `Nächster freier Slot: ${formatDay(expected.date)} ${expected.time}`,
  );
  await expect(details.getByLabel("Datum")).toHaveValue(expected.date);
  await expect(details.getByLabel("Uhrzeit (New York)")).toHaveValue(expected.time);
  await page.screenshot({ path: "test-results/queue-slots-next-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/queue-slots-next-390.png" });
});

/** The first of Mo–So 09:00 and Mo–Sa 12:30 in New York at least 5 minutes ahead (no post is near them). */
function nextExpectedSlot(): { date: string; time: string } {
  const soon = Date.now() + 6 * 60_000;
  const today = toWallTime(new Date(), ZONE).date;
  for (let offset = 0; offset < 8; offset += 1) {
    const date = addDays(today, offset);
    const sunday = new Date(`${date}T00:00:00Z`).getUTCDay() === 0;
    for (const time of sunday ? ["09:00"] : ["09:00", "12:30"]) {
      const at = wallTimeToInstant(date, time, ZONE);
      if (at && at.getTime() > soon) return { date, time };
    }
  }
  throw new Error("no slot");
}
