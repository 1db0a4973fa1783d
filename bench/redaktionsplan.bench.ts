// The Redaktionsplan with a busy month (ADR 0089): 200 posts in one month for one user, the
// production build and server in their own process, Chromium through Playwright. Per run: how long
// the month takes from navigation until its cards show, the week likewise, and the slowest event
// of each interaction (switching to the week, opening a card, dragging a card to another day) as
// the browser's Event Timing API measures it — what INP reports for a real visitor. A report, not a
// test: bench/run.ts prints it with the targets and exits 0 whatever the figures.
import crypto from "node:crypto";
import fs from "node:fs";
import { type Browser, chromium, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { profiles } from "#server/db/schema/profiles.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import { createAiClient } from "#server/integrations/ai/ai-client.ts";
import { CONSENT_VERSION, REJECTED_CONSENT_SETTINGS } from "#shared/consent.ts";
import { toWallTime, wallTimeToInstant } from "#shared/wall-time.ts";
import { addMonths, firstOfMonth, weekOf } from "#shared/zoned-time.ts";
import { buildIfSourcesChanged } from "../scripts/build-if-changed.ts";
import { BENCH_PASSWORD, median, openBenchDatabase, startBenchApp } from "./bench-app.ts";
import { findFreePort, type RunningServer, startProductionServer } from "./production-server.ts";

export const CALENDAR_POSTS = 200;
export const CALENDAR_RUNS = 3;
/** ADR 0089: cards visible within a second of navigating; every interaction "good" by INP's measure. */
export const CALENDAR_TARGETS = { renderMs: 1_000, interactionMs: 200 } as const;

export type CalendarRun = {
  monthRenderMs: number;
  weekRenderMs: number;
  switchToWeekMs: number;
  openCardMs: number;
  dragMs: number;
};
/** One checkout's figures; "vorher" is the other (built) checkout given with `--vorher`. */
export type CalendarReport = {
  label: "jetzt" | "vorher";
  root: string;
  runs: CalendarRun[];
  medians: CalendarRun;
  month: string;
};

const ROOT = process.cwd();

export async function runCalendarBenchmark(
  log: (line: string) => void,
  options: { beforeRoot?: string } = {},
): Promise<CalendarReport[]> {
  if (buildIfSourcesChanged({ log })) log("Produktions-Build neu erstellt.");
  const bench = await openBenchDatabase();
  const email = "redaktionsplan-bench@example.test";
  // Next month: every post is still "geplant" and may be dragged.
  const month = firstOfMonth(addMonths(toWallTime(new Date(), "Europe/Berlin").date, 1));
  const checkouts = [
    ...(options.beforeRoot ? [{ label: "vorher" as const, root: options.beforeRoot }] : []),
    { label: "jetzt" as const, root: ROOT },
  ];
  const servers: RunningServer[] = [];
  const dataDirs: string[] = [];
  let browser: Browser | null = null;
  try {
    const app = await startBenchApp(bench, createAiClient(null));
    await app.signUpUser(email, { credits: 0 });
    const [profile] = await app.deps.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
    if (!profile) throw new Error("Bench-Konto fehlt");
    await seedMonth(app.deps, profile.id, month);
    await bench.database.close();
    // PGlite allows one process per data directory: each server opens its own copy, copied before any holds it.
    for (const [index, checkout] of checkouts.entries()) {
      const dataDir = index === 0 ? bench.env.DATA_DIR : `${bench.env.DATA_DIR}-${checkout.label}`;
      if (index > 0) fs.cpSync(bench.env.DATA_DIR, dataDir, { recursive: true });
      dataDirs.push(dataDir);
    }
    for (const [index, checkout] of checkouts.entries()) {
      const server = await startProductionServer({
        root: checkout.root,
        port: await findFreePort(),
        dataDir: dataDirs[index] ?? bench.env.DATA_DIR,
        secret: bench.env.BETTER_AUTH_SECRET ?? "",
      });
      servers.push(server);
      log(`Server (${checkout.label}) bereit auf ${server.baseUrl} nach ${server.readySeconds.toFixed(1)} s.`);
    }
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    });
    const runs: CalendarRun[][] = checkouts.map(() => []);
    // One warm-up run settles each server's first queries and caches; then the checkouts take
    // turns, so a slow moment of the shared machine hits both alike.
    for (let run = 0; run <= CALENDAR_RUNS; run++) {
      for (const [index, server] of servers.entries()) {
        const figures = await measureOnce(browser, server.baseUrl, email, month);
        if (run > 0) runs[index]?.push(figures);
      }
    }
    return checkouts.map((checkout, index) => {
      const own = runs[index] ?? [];
      const pick = (key: keyof CalendarRun) => median(own.map((run) => run[key]));
      return {
        ...checkout,
        month,
        runs: own,
        medians: {
          monthRenderMs: pick("monthRenderMs"),
          weekRenderMs: pick("weekRenderMs"),
          switchToWeekMs: pick("switchToWeekMs"),
          openCardMs: pick("openCardMs"),
          dragMs: pick("dragMs"),
        },
      };
    });
  } finally {
    await browser?.close();
    for (const server of servers) await server.stop();
    await bench.close().catch(() => undefined);
    for (const dataDir of [bench.env.DATA_DIR, ...dataDirs]) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 200 posts spread over the month's days and working hours, several at the same time. */
async function seedMonth(deps: Awaited<ReturnType<typeof startBenchApp>>["deps"], userId: string, month: string) {
  const accountId = crypto.randomUUID();
  await deps.db.insert(socialAccounts).values({
    id: accountId,
    userId,
    network: "bluesky",
    externalId: `bench-${accountId}`,
    handle: "baeckerei-sonnenschein-am-marktplatz.bsky.social",
    displayName: "Bäckerei",
    profileUrl: null,
    ...tokenColumns(
      deps.tokenBox,
      accountId,
      { accessToken: "a", refreshToken: "r", accessTokenExpiresAt: null, connectionExpiresAt: null, scope: null },
      null,
    ),
  });
  const rows = Array.from({ length: CALENDAR_POSTS }, (_, index) => {
    const day = `${month.slice(0, 8)}${String((index % 28) + 1).padStart(2, "0")}`;
    const time = `${String(8 + (index % 10)).padStart(2, "0")}:${index % 3 === 0 ? "00" : "30"}`;
    const at = wallTimeToInstant(day, time, "Europe/Berlin") ?? new Date();
    return {
      batchId: crypto.randomUUID(),
      userId,
      accountId,
      network: "bluesky" as const,
      accountHandle: "baeckerei-sonnenschein-am-marktplatz.bsky.social",
      text: `Beitrag ${index}: Frische Zimtschnecken mit Kardamom, heute ab sieben Uhr – https://www.baeckerei.test/angebote/${index}`,
      scheduledAt: at,
      nextAttemptAt: at,
      status: "planned" as const,
    };
  });
  await deps.db.insert(publications).values(rows);
}

// Runs before the page's scripts (a string: tsx would wrap functions in a helper the page lacks).
// It stores the cookie choice and collects every event the Event Timing API reports by its
// interaction, as INP does.
const OBSERVER_SCRIPT = `
  localStorage.setItem("cookie-consent", JSON.stringify({ ...${JSON.stringify({ version: CONSENT_VERSION, settings: REJECTED_CONSENT_SETTINGS })}, timestamp: new Date().toISOString() }));
  window.benchEvents = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchEvents.push({ name: entry.name, duration: entry.duration, id: entry.interactionId || 0 });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  window.benchCardsAt = () => new Promise((resolve) => {
    (function check() {
      if (document.querySelectorAll('[data-testid="planned-post"]').length > 0) resolve(performance.now());
      else requestAnimationFrame(check);
    })();
  });
`;

/** The slowest event since the last call: the interaction's latency (0 when every event took < 16 ms). */
async function slowestEvent(page: Page): Promise<number> {
  // Event timing entries arrive after the next frame is painted.
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const events = (window as unknown as { benchEvents: { duration: number }[] }).benchEvents.splice(0);
    return events.reduce((max, event) => Math.max(max, event.duration), 0);
  });
}

async function measureOnce(browser: Browser, baseUrl: string, email: string, month: string): Promise<CalendarRun> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  try {
    const signedIn = await context.request.post("/api/auth/sign-in/email", {
      headers: { origin: baseUrl },
      data: { email, password: BENCH_PASSWORD },
    });
    if (!signedIn.ok()) throw new Error(`Anmeldung fehlgeschlagen: ${signedIn.status()}`);
    await context.addInitScript(OBSERVER_SCRIPT);
    const page = await context.newPage();
    const cardsAt = () =>
      page.evaluate(() => (window as unknown as { benchCardsAt: () => Promise<number> }).benchCardsAt());

    await page.goto(`/redaktionsplan?ansicht=monat&datum=${month}`);
    const monthRenderMs = await cardsAt();
    await slowestEvent(page);

    await page.getByRole("tab", { name: "Woche" }).click();
    await page.getByTestId("week-grid").waitFor();
    const switchToWeekMs = await slowestEvent(page);

    const monday = weekOf(`${month.slice(0, 8)}08`)[0] ?? month;
    await page.goto(`/redaktionsplan?ansicht=woche&datum=${monday}`);
    const weekRenderMs = await cardsAt();
    await slowestEvent(page);

    const card = page.getByTestId("week-grid").getByTestId("planned-post").first();
    await card.click();
    await page.getByRole("dialog").first().waitFor();
    const openCardMs = await slowestEvent(page);
    await page.keyboard.press("Escape");
    await slowestEvent(page);

    const from = await card.boundingBox();
    if (!from) throw new Error("Karte ohne Position");
    await page.mouse.move(from.x + from.width / 2, from.y + 8);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + 12, { steps: 3 });
    await page.mouse.move(from.x + from.width * 1.6, from.y + 40, { steps: 15 });
    await page.mouse.up();
    const dragMs = await slowestEvent(page);
    return { monthRenderMs, weekRenderMs, switchToWeekMs, openCardMs, dragMs };
  } finally {
    await context.close();
  }
}
