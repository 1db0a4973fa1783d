import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { formatDay, toWallTime, wallTimeToInstant } from "#shared/wall-time.ts";
import { addDays, addMonths, weekdayIndex } from "#shared/zoned-time.ts";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { FAKE_BLUESKY_ACCOUNT, FAKE_BLUESKY_LONG_ACCOUNT } from "../mocks/bluesky-server.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";

// The Redaktionsplan as a calendar (ADR 0089) at 1280 and 390 px: month, week and list with the
// view and the day in the address, cards that never leave their column, a click on free time that
// composes there, drag and drop with the mouse and the keyboard, "Verschieben", the rollback of a
// refused move, filters. SCREENSHOTS_DIR=… keeps a picture of each view at both widths.

const SCREENSHOTS = process.env.SCREENSHOTS_DIR;
const BERLIN = "Europe/Berlin";
const HOUR_PX = 64;
const LONG_WORD = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichenhersteller";
const LONG_URL = "https://www.baeckerei-sonnenschein.test/angebote/zimtschnecken-mit-kardamom-und-extra-viel-zucker";

/**
 * The Monday of the week after next in Berlin, so every post of the tests is in the future; the
 * week after that when the week after next runs into another month, so that the month view the
 * tests open at that Monday holds the whole week as days of its own month.
 */
function mondayAfterNext(): string {
  const today = toWallTime(new Date(), BERLIN).date;
  const monday = addDays(today, 14 - weekdayIndex(today));
  return monday.slice(0, 7) === addDays(monday, 6).slice(0, 7) ? monday : addDays(monday, 7);
}

async function connect(page: Page, account: { handle: string; appPassword: string }): Promise<string> {
  const connected = await page.request.post("/api/connections/bluesky/app-password", {
    headers: { origin: E2E_BASE_URL },
    data: { identifier: account.handle, appPassword: account.appPassword },
  });
  expect(connected.status(), await connected.text()).toBe(201);
  return ((await connected.json()) as { accountId: string }).accountId;
}

async function plan(page: Page, accountId: string, text: string, date: string, time: string): Promise<string> {
  const created = await page.request.post("/api/posts", {
    headers: { origin: E2E_BASE_URL },
    data: { targets: [{ accountId, text }], plannedFor: { date, time } },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { posts: { id: string }[] }).posts[0]?.id ?? "";
}

async function scheduledAt(page: Page, id: string): Promise<string> {
  return ((await (await page.request.get(`/api/posts/${id}`)).json()) as { scheduledAt: string }).scheduledAt;
}

function berlinIso(date: string, time: string): string {
  return wallTimeToInstant(date, time, BERLIN)?.toISOString() ?? "";
}

async function setUp(page: Page) {
  await signUpConfirmed(page);
  const erika = await connect(page, FAKE_BLUESKY_ACCOUNT);
  const long = await connect(page, FAKE_BLUESKY_LONG_ACCOUNT);
  const monday = mondayAfterNext();
  const ids = {
    long: await plan(page, long, `${LONG_WORD} und ${LONG_URL} heute frisch.`, monday, "09:00"),
    crowd: [
      await plan(page, erika, "Erster Beitrag um zehn", addDays(monday, 1), "10:00"),
      await plan(page, erika, "Zweiter Beitrag um zehn", addDays(monday, 1), "10:00"),
      await plan(page, erika, "Dritter Beitrag um zehn", addDays(monday, 1), "10:00"),
      await plan(page, erika, "Vierter Beitrag um zehn", addDays(monday, 1), "10:15"),
    ],
    mover: await plan(page, erika, "Verschieb mich bitte", addDays(monday, 2), "14:00"),
  };
  return { monday, erika, long, ids };
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" ")}`),
  ).toEqual([]);
}

/** Every card lies inside `container` (within a pixel), and nothing in it is wider than the card. */
async function expectCardsInside(cards: Locator, containerOf: (card: Locator) => Locator, contentFits = true) {
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const card = cards.nth(index);
    if (!(await card.isVisible())) continue;
    const box = await card.boundingBox();
    const outer = await containerOf(card).boundingBox();
    if (!box || !outer) throw new Error("no box");
    expect(box.x).toBeGreaterThanOrEqual(outer.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(outer.x + outer.width + 1);
    if (contentFits)
      expect(await card.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
  }
}

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

for (const width of [1280, 390]) {
  test(`month, week and list at ${width} px: address, time grid, cards inside their day, axe`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const { monday } = await setUp(page);
    const tuesday = addDays(monday, 1);

    await page.goto(`/redaktionsplan?ansicht=woche&datum=${monday}`);
    const grid = page.getByTestId("week-grid");
    const phone = width < 640;
    await expect(grid.getByTestId("planned-post")).toHaveCount(phone ? 3 : 4);
    // Opened at working hours.
    expect(await grid.evaluate((element) => element.scrollTop)).toBeGreaterThanOrEqual(7 * HOUR_PX);
    // Tuesday 10:00 has four posts: two side by side and "+2" for the rest; on a phone, where two
    // side by side would each be narrower than a word, one card as wide as the day and "+3".
    const tuesdayColumn = page.locator(`[data-testid="week-day"][data-day="${tuesday}"]`);
    await expect(tuesdayColumn.getByTestId("planned-post")).toHaveCount(phone ? 1 : 2);
    const more = tuesdayColumn.getByRole("button", { name: phone ? /^\+3 weitere Beiträge/ : /^\+2 weitere Beiträge/ });
    await expect(more).toBeVisible();
    // On a phone the one card is wide enough for its text (at 1280 px two side by side show time and account).
    if (phone) await expect(tuesdayColumn.getByTestId("planned-post").locator(".line-clamp-2")).toBeVisible();
    // Cards clip, never spill, and nothing in them is wider than the card.
    await expectCardsInside(grid.getByTestId("planned-post"), (card) =>
      card.locator("xpath=ancestor::*[@data-testid='week-day']"),
    );
    if (phone) {
      // The count sits in the card's corner, inside the day, beside the time, not over it.
      const chip = await more.boundingBox();
      const column = await tuesdayColumn.boundingBox();
      const time = await tuesdayColumn.getByTestId("planned-post").locator("time").boundingBox();
      if (!chip || !column || !time) throw new Error("no boxes");
      expect(chip.x + chip.width).toBeLessThanOrEqual(column.x + column.width);
      expect(chip.x).toBeGreaterThanOrEqual(time.x + time.width);
    }
    // The long handle ends in an ellipsis, the long word is not broken, only the link may be.
    const longCard = grid.getByTestId("planned-post").filter({ hasText: LONG_WORD });
    const handle = longCard.getByText(FAKE_BLUESKY_LONG_ACCOUNT.handle);
    expect(await handle.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await handle.evaluate((element) => getComputedStyle(element).textOverflow)).toBe("ellipsis");
    await expect(longCard).toHaveAttribute(
      "title",
      new RegExp(FAKE_BLUESKY_LONG_ACCOUNT.handle.replaceAll(".", "\\.")),
    );
    const text = longCard.locator(".line-clamp-2");
    expect(await text.evaluate((element) => getComputedStyle(element).overflowWrap)).toBe("normal");
    expect(await text.evaluate((element) => getComputedStyle(element).wordBreak)).toBe("normal");
    expect(await longCard.getByText(LONG_URL).evaluate((element) => getComputedStyle(element).overflowWrap)).toBe(
      "anywhere",
    );
    await expectNoAxeViolations(page);
    await shoot(page, `calendar-week-${width}`);

    await expect(page.getByRole("button", { name: "Vorherige Woche" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Nächste Woche" })).toBeVisible();
    // "Heute": this week, with the red line at now.
    await page.getByRole("button", { name: "Heute", exact: true }).click();
    await expect(page).not.toHaveURL(/datum=/);
    await expect(page.getByTestId("now-line")).toHaveCount(1);

    // The month of that Monday, kept over a reload.
    await page.goto(`/redaktionsplan?ansicht=woche&datum=${monday}`);
    await page.getByRole("tab", { name: "Monat" }).click();
    await expect(page).toHaveURL(new RegExp(`ansicht=monat&datum=${monday}|datum=${monday}.*ansicht=monat`));
    await page.reload();
    await expect(page.getByRole("tab", { name: "Monat" })).toHaveAttribute("aria-selected", "true");
    const period = page.getByRole("navigation", { name: "Zeitraum wählen" });
    await expect(period.getByRole("button", { name: "Vorheriger Monat" })).toBeVisible();
    await expect(period.getByRole("button", { name: "Nächster Monat" })).toBeVisible();
    const tuesdayCell = page.locator(`[data-testid="month-day"][data-day="${tuesday}"]`);
    if (width >= 640) {
      await expect(tuesdayCell.getByTestId("planned-post")).toHaveCount(2);
      await expectCardsInside(page.getByTestId("month-grid").getByTestId("planned-post"), (card) =>
        card.locator("xpath=ancestor::*[@data-testid='month-day']"),
      );
      await tuesdayCell.getByRole("button", { name: "+2 weitere" }).click();
    } else {
      await tuesdayCell.getByRole("button", { name: "4 Beiträge anzeigen" }).click();
    }
    const day = page.getByRole("dialog", { name: /^Dienstag, / });
    await expect(day.getByTestId("planned-post")).toHaveCount(4);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expectNoAxeViolations(page);
    await shoot(page, `calendar-month-${width}`);

    await page.getByRole("tab", { name: "Liste" }).click();
    await expect(page).toHaveURL(/ansicht=liste/);
    await expect(
      page.locator(`[data-testid="list-day"][data-day="${tuesday}"]`).getByTestId("planned-post"),
    ).toHaveCount(4);
    await expectCardsInside(page.getByTestId("planned-post"), (card) => card.locator("xpath=ancestor::li[1]"));
    await expectNoAxeViolations(page);
    await shoot(page, `calendar-list-${width}`);
  });
}

test("the list shows four weeks from the chosen week's Monday, across the month's end, and steps by four weeks", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpConfirmed(page);
  const erika = await connect(page, FAKE_BLUESKY_ACCOUNT);
  // The 28th of next month, and six days later: always the month after.
  const chosen = `${addMonths(toWallTime(new Date(), BERLIN).date, 1).slice(0, 7)}-28`;
  const later = addDays(chosen, 6);
  await plan(page, erika, "Gleich im neuen Monat", later, "09:00");

  await page.goto(`/redaktionsplan?ansicht=liste&datum=${chosen}`);
  await expect(page.locator(`[data-testid="list-day"][data-day="${later}"]`).getByTestId("planned-post")).toHaveCount(
    1,
  );
  const monday = addDays(chosen, -weekdayIndex(chosen));
  const last = addDays(monday, 27);
  const period = page.getByRole("navigation", { name: "Zeitraum wählen" });
  const start = monday.slice(0, 4) === last.slice(0, 4) ? formatDay(monday).slice(0, 6) : formatDay(monday);
  await expect(period.getByTestId("period")).toHaveText(`${start} – ${formatDay(last)}`);
  await shoot(page, "calendar-list-across-months-390");
  await period.getByRole("button", { name: "Nächste vier Wochen" }).click();
  await expect(page).toHaveURL(new RegExp(`datum=${addDays(chosen, 28)}`));
  await expect(page.getByTestId("planned-post")).toHaveCount(0);
  await period.getByRole("button", { name: "Vorherige vier Wochen" }).click();
  await expect(page).toHaveURL(new RegExp(`datum=${chosen}`));
  await expect(page.getByTestId("planned-post")).toHaveCount(1);
});

test("a click on free time composes there; 'Neuer Beitrag' and 'n' compose too", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { monday } = await setUp(page);
  const thursday = addDays(monday, 3);
  await page.goto(`/redaktionsplan?ansicht=woche&datum=${monday}`);
  const grid = page.getByTestId("week-grid");
  await grid.evaluate((element, top) => {
    element.scrollTop = top;
  }, 13 * HOUR_PX);
  const column = page.locator(`[data-testid="week-day"][data-day="${thursday}"]`);
  const box = await column.boundingBox();
  if (!box) throw new Error("no column");
  await page.mouse.click(box.x + box.width / 2, box.y + 14.5 * HOUR_PX + 8);
  const composer = page.getByRole("dialog", { name: "Neuer Beitrag" });
  await expect(composer.getByLabel("Datum")).toHaveValue(thursday);
  await expect(composer.getByLabel(/^Uhrzeit/)).toHaveValue("14:30");
  await composer.getByRole("checkbox", { name: `Bluesky · ${FAKE_BLUESKY_ACCOUNT.handle}`, exact: true }).check();
  await composer.getByLabel("Text", { exact: true }).fill("Geplant mit einem Klick");
  await composer.getByRole("button", { name: "Planen", exact: true }).click();
  await expect(composer).toBeHidden();
  await expect(column.getByTestId("planned-post").filter({ hasText: "Geplant mit einem Klick" })).toContainText(
    "14:30",
  );

  // A month's day composes in the morning.
  await page.getByRole("tab", { name: "Monat" }).click();
  const friday = addDays(monday, 4);
  await page.locator(`[data-testid="month-day"][data-day="${friday}"]`).click({ position: { x: 60, y: 100 } });
  await expect(composer.getByLabel("Datum")).toHaveValue(friday);
  await expect(composer.getByLabel(/^Uhrzeit/)).toHaveValue("09:00");
  await composer.getByRole("button", { name: "Abbrechen" }).click();

  await page.getByRole("button", { name: "Neuer Beitrag" }).click();
  await expect(composer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(composer).toBeHidden();
  await page.locator("body").press("n");
  await expect(composer).toBeVisible();
});

test("drag and drop with the mouse and the keyboard, 'Verschieben', and a refused move goes back", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { monday, erika, ids } = await setUp(page);
  const wednesday = addDays(monday, 2);
  const friday = addDays(monday, 4);
  await page.goto(`/redaktionsplan?ansicht=woche&datum=${monday}`);
  const grid = page.getByTestId("week-grid");
  await grid.evaluate((element, top) => {
    element.scrollTop = top;
  }, 12 * HOUR_PX);
  const mover = grid.getByTestId("planned-post").filter({ hasText: "Verschieb mich bitte" });
  await expect(mover).toContainText("14:00");

  // Mouse: Wednesday 14:00 → Friday 15:00.
  const from = await mover.boundingBox();
  const target = await page.locator(`[data-testid="week-day"][data-day="${friday}"]`).boundingBox();
  if (!from || !target) throw new Error("no boxes");
  const startX = from.x + from.width / 2;
  const startY = from.y + 10;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await page.mouse.move(startX + 20, startY + 5, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, startY + HOUR_PX, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByText(/^Beitrag verschoben auf \d{2}\.\d{2}\.\d{4} 15:00\.$/)).toBeVisible();
  await expect.poll(() => scheduledAt(page, ids.mover)).toBe(berlinIso(friday, "15:00"));
  await expect(
    page.locator(`[data-testid="week-day"][data-day="${friday}"]`).getByTestId("planned-post"),
  ).toContainText("15:00");

  // Keyboard: space picks the post up, a day to the right, enter drops it. Each key after the
  // sensor took the one before: the announcement says where the post is now. (Up and down move by
  // quarter hours and scroll the grid along; the layout tests cover the steps.)
  const moved = page.locator(`[data-post-id="${ids.mover}"]`);
  const liveRegion = page.locator("[id^='DndLiveRegion']");
  await moved.focus();
  await page.keyboard.press("Space");
  await expect(liveRegion).toContainText(/aufgenommen|Ziel: Freitag/);
  await keyboardSensorListening(page);
  await page.keyboard.press("ArrowRight");
  await expect(liveRegion).toContainText("Ziel: Samstag");
  await page.keyboard.press("Enter");
  await expect(liveRegion).toContainText("Beitrag abgelegt: Samstag");
  const announced = /Samstag, [\d.]+, (\d{2}:\d{2}) Uhr/.exec((await liveRegion.textContent()) ?? "")?.[1] ?? "";
  expect(announced).toBe("15:00");
  await expect.poll(() => scheduledAt(page, ids.mover)).toBe(berlinIso(addDays(monday, 5), announced));

  // "Verschieben" in the post's dialog: to the Wednesday of the week after.
  await page.locator(`[data-post-id="${ids.mover}"]`).click();
  const details = page.getByRole("dialog", { name: /^Beitrag für Bluesky/ });
  await details.getByRole("button", { name: "Verschieben" }).click();
  const moveDialog = page.getByRole("dialog", { name: "Beitrag verschieben" });
  await moveDialog.getByLabel("Datum").fill(addDays(wednesday, 7));
  await moveDialog.getByLabel(/^Uhrzeit/).fill("11:00");
  await moveDialog.getByRole("button", { name: "Verschieben" }).click();
  await expect(moveDialog).toBeHidden();
  await expect.poll(() => scheduledAt(page, ids.mover)).toBe(berlinIso(addDays(wednesday, 7), "11:00"));
  await expect(page.locator(`[data-post-id="${ids.mover}"]`)).toHaveCount(0);

  // A move into the past is refused: the card stays (the optimistic move is rolled back), the reason is told.
  const soon = toWallTime(new Date(Date.now() + 2 * 60 * 60_000), BERLIN);
  const soonId = await plan(page, erika, "Bald, nicht gestern", soon.date, soon.time);
  await page.goto(`/redaktionsplan?ansicht=liste&datum=${soon.date}`);
  await page.locator(`[data-post-id="${soonId}"]`).click();
  await page
    .getByRole("dialog", { name: /^Beitrag für Bluesky/ })
    .getByRole("button", { name: "Verschieben" })
    .click();
  await moveDialog.getByLabel("Datum").fill(addDays(soon.date, -1));
  await moveDialog.getByRole("button", { name: "Verschieben" }).click();
  const refusal = "Der Zeitpunkt liegt in der Vergangenheit. Bitte wählen Sie einen späteren.";
  await expect(moveDialog.getByRole("alert")).toHaveText(refusal);
  await expect(page.getByText(refusal).first()).toBeVisible();
  await moveDialog.getByRole("button", { name: "Abbrechen" }).click();
  await expect(
    page.locator(`[data-testid="list-day"][data-day="${soon.date}"]`).locator(`[data-post-id="${soonId}"]`),
  ).toBeVisible();
  expect(await scheduledAt(page, soonId)).toBe(berlinIso(soon.date, soon.time));
});

test("the keyboard moves a post exactly a quarter hour per ↓, wherever the grid is scrolled", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { monday, ids } = await setUp(page);
  const wednesday = addDays(monday, 2);
  await page.goto(`/redaktionsplan?ansicht=woche&datum=${monday}`);
  const grid = page.getByTestId("week-grid");
  // 14:00 below the middle of the grid's window: moving down, the grid has to scroll along.
  await grid.evaluate((element, top) => {
    element.scrollTop = top;
  }, 8 * HOUR_PX);
  const mover = page.locator(`[data-post-id="${ids.mover}"]`);
  await expect(mover).toContainText("14:00");
  const liveRegion = page.locator("[id^='DndLiveRegion']");
  await mover.focus();
  await page.keyboard.press("Space");
  // Picked up; the target said right after is where it already is.
  await expect(liveRegion).toContainText(/aufgenommen|Ziel: Mittwoch, [\d.]+, 14:00 Uhr/);
  await keyboardSensorListening(page);
  await page.keyboard.press("ArrowDown");
  await expect(liveRegion).toContainText("Ziel: Mittwoch, ");
  await expect(liveRegion).toContainText("14:15 Uhr");
  await page.keyboard.press("ArrowDown");
  await expect(liveRegion).toContainText("14:30 Uhr");
  await page.keyboard.press("Space");
  await expect(liveRegion).toContainText(/Beitrag abgelegt: Mittwoch, [\d.]+, 14:30 Uhr/);
  await expect(page.getByText(/^Beitrag verschoben auf \d{2}\.\d{2}\.\d{4} 14:30\.$/)).toBeVisible();
  await expect.poll(() => scheduledAt(page, ids.mover)).toBe(berlinIso(wednesday, "14:30"));
  await expect(page.locator(`[data-testid="week-day"][data-day="${wednesday}"]`).locator(mover)).toContainText("14:30");
});

test("filters by account, network and state live in the address", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { monday } = await setUp(page);
  await page.goto(`/redaktionsplan?ansicht=liste&datum=${monday}`);
  const cards = page.getByTestId("planned-post");
  await expect(cards).toHaveCount(6);
  const filters = page.getByRole("region", { name: "Filter" });
  await filters.getByRole("button", { name: `Bluesky · ${FAKE_BLUESKY_LONG_ACCOUNT.handle}` }).click();
  await expect(cards).toHaveCount(1);
  await expect(page).toHaveURL(/konto=/);
  await page.reload();
  await expect(cards).toHaveCount(1);
  await filters.getByRole("button", { name: `Bluesky · ${FAKE_BLUESKY_LONG_ACCOUNT.handle}` }).click();
  await expect(cards).toHaveCount(6);
  await filters.getByRole("button", { name: "X", exact: true }).click();
  await expect(page).toHaveURL(/netzwerk=x/);
  await expect(page.getByText(/Keine Beiträge in diesem Zeitraum/)).toBeVisible();
  await filters.getByRole("button", { name: "Bluesky", exact: true }).click();
  await expect(cards).toHaveCount(6);
  await filters.getByRole("button", { name: "Gesendet", exact: true }).click();
  await expect(page).toHaveURL(/status=sent/);
  await expect(cards).toHaveCount(0);
  await expect(filters.getByRole("button", { name: "Gesendet", exact: true })).toHaveAttribute("aria-pressed", "true");
});

/**
 * dnd-kit's keyboard sensor listens for keys from a `setTimeout` it sets at pick-up, and the
 * pick-up can be announced before that timer ran: a timer set now runs after it.
 */
async function keyboardSensorListening(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

test("on a phone the week opens at today's column, at working hours", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signUpConfirmed(page);
  const today = toWallTime(new Date(), BERLIN).date;
  await page.goto("/redaktionsplan?ansicht=woche");
  const grid = page.getByTestId("week-grid");
  const todayColumn = page.locator(`[data-testid="week-day"][data-day="${today}"]`);
  await expect(todayColumn).toBeVisible();
  const [gridBox, columnBox] = [await grid.boundingBox(), await todayColumn.boundingBox()];
  if (!gridBox || !columnBox) throw new Error("no boxes");
  // Today's column starts right of the time column (3.5rem) and lies inside the grid's window.
  expect(columnBox.x).toBeGreaterThanOrEqual(gridBox.x + 50);
  expect(columnBox.x + columnBox.width).toBeLessThanOrEqual(gridBox.x + gridBox.width + 1);
  expect(await grid.evaluate((element) => element.scrollTop)).toBeGreaterThanOrEqual(7 * HOUR_PX);
});
