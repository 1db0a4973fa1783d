import { sql } from "drizzle-orm";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#server/db/client.ts";
import { siteSettings } from "#server/db/schema/site-settings.ts";
import { DEFAULT_SITE_SETTINGS, SITE_SETTINGS_LOAD_ERROR } from "#shared/site-settings.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { forgetCurrentSiteSettings, getCurrentSiteSettings, SITE_SETTINGS_TTL_MS } from "./site-settings.service.ts";

// ADR 0028: the settings every page is built with, read at most once per TTL.

setUpTestApp();
afterEach(() => vi.restoreAllMocks());

function collectingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** The database, counting the reads of site_settings that pass through it. */
function countingReads(db: Database) {
  const counter = { reads: 0 };
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (property === "select") {
        return (...args: unknown[]) => {
          counter.reads += 1;
          return (target.select as (...a: unknown[]) => unknown)(...args);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return { db: counted, counter };
}

async function withoutTable<T>(run: () => Promise<T>): Promise<T> {
  await t.db.execute(sql`alter table site_settings rename to site_settings_away`);
  try {
    return await run();
  } finally {
    await t.db.execute(sql`alter table site_settings_away rename to site_settings`);
  }
}

describe("getCurrentSiteSettings", () => {
  it("reads the row once for many concurrent requests and not again within the TTL", async () => {
    const { db, counter } = countingReads(t.db);
    const { logger } = collectingLogger();
    const snapshots = await Promise.all(Array.from({ length: 20 }, () => getCurrentSiteSettings(db, logger)));
    expect(counter.reads).toBe(1);
    expect(new Set(snapshots).size).toBe(1);
    await getCurrentSiteSettings(db, logger);
    expect(counter.reads).toBe(1);

    const now = performance.now();
    vi.spyOn(performance, "now").mockReturnValue(now + SITE_SETTINGS_TTL_MS + 1);
    const again = await getCurrentSiteSettings(db, logger);
    expect(counter.reads).toBe(2);
    // Unchanged settings keep their version, so no page is built again.
    expect(again).toBe(snapshots[0]);
  });

  it("reads at once after forgetCurrentSiteSettings, with a new version when the settings changed", async () => {
    const { logger } = collectingLogger();
    const before = await getCurrentSiteSettings(t.db, logger);
    await t.db.update(siteSettings).set({ siteTitle: "Neu gelesen" });
    expect((await getCurrentSiteSettings(t.db, logger)).settings.siteTitle).toBe(before.settings.siteTitle);
    forgetCurrentSiteSettings(t.db);
    const after = await getCurrentSiteSettings(t.db, logger);
    expect(after.settings.siteTitle).toBe("Neu gelesen");
    expect(after.version).not.toBe(before.version);
  });

  it("keeps serving the settings read last when a later read fails, and says so in the log", async () => {
    const { logger, lines } = collectingLogger();
    forgetCurrentSiteSettings(t.db);
    await t.db.update(siteSettings).set({ siteTitle: "Zuletzt gelesen" });
    const known = await getCurrentSiteSettings(t.db, logger);
    const now = performance.now();
    vi.spyOn(performance, "now").mockReturnValue(now + SITE_SETTINGS_TTL_MS + 1);
    const during = await withoutTable(() => getCurrentSiteSettings(t.db, logger));
    expect(during).toBe(known);
    expect(during.loadFailed).toBe(false);
    expect(lines.map((line) => line.level)).toEqual([40]);
  });

  it("falls back to the spec's defaults with loadFailed when nothing was read yet, and tries again next time", async () => {
    const { logger, lines } = collectingLogger();
    forgetCurrentSiteSettings(t.db);
    const failed = await withoutTable(() => getCurrentSiteSettings(t.db, logger));
    expect(failed.settings).toEqual(DEFAULT_SITE_SETTINGS);
    expect(failed.loadFailed).toBe(true);
    expect(lines).toMatchObject([{ level: 50, msg: SITE_SETTINGS_LOAD_ERROR }]);

    const recovered = await getCurrentSiteSettings(t.db, logger);
    expect(recovered.loadFailed).toBe(false);
  });

  it("does not let a read that began before a save store the older row", async () => {
    const { logger } = collectingLogger();
    forgetCurrentSiteSettings(t.db);
    await t.db.update(siteSettings).set({ siteTitle: "Alt" });
    const slowRead = getCurrentSiteSettings(t.db, logger);
    forgetCurrentSiteSettings(t.db);
    await t.db.update(siteSettings).set({ siteTitle: "Gespeichert" });
    await slowRead;
    expect((await getCurrentSiteSettings(t.db, logger)).settings.siteTitle).toBe("Gespeichert");
  });
});
