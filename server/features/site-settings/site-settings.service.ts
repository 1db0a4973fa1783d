import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { siteSettings } from "#server/db/schema/site-settings.ts";
import { recordAudit } from "#server/features/audit/audit.service.ts";
import type { Logger } from "#server/logger.ts";
import { toSiteSettings, type UpdateSiteSettingsInput } from "#shared/site-settings.schemas.ts";
import { DEFAULT_SITE_SETTINGS, SITE_SETTINGS_LOAD_ERROR, type SiteSettings } from "#shared/site-settings.ts";

/**
 * ADR 0028: how long an app server keeps the settings it read before it reads the row again.
 * A change saved on this server applies at once (updateSiteSettings forgets the copy); other
 * servers see it within this time.
 */
export const SITE_SETTINGS_TTL_MS = 3_000;

/**
 * The settings a page is built with. `version` changes exactly when what the page shows
 * changes, so the served-page cache (pages/served-pages.ts) can tell when to rebuild.
 */
export type SiteSettingsSnapshot = Readonly<{ settings: SiteSettings; loadFailed: boolean; version: string }>;

type SettingsCache = {
  current?: { snapshot: SiteSettingsSnapshot; readAt: number };
  reading?: Promise<SiteSettingsSnapshot>;
  /** Counts invalidations, so that a read begun before one cannot store what it read. */
  generation: number;
};

// Keyed by the database handle: one cache per app (and per test app), none left behind.
const caches = new WeakMap<Database, SettingsCache>();

export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  if (!row) return { ...DEFAULT_SITE_SETTINGS };
  return pickSettings(row);
}

/**
 * The settings for a page or the public API, read from the database at most once per
 * SITE_SETTINGS_TTL_MS; concurrent requests share one read. When a read fails, the settings
 * read last stay in use (and are tried again after the TTL); without any, the spec's defaults
 * are served with `loadFailed`, which the browser shows as a toast (ADR 0005), and the next
 * request tries again.
 */
export async function getCurrentSiteSettings(db: Database, logger: Logger): Promise<SiteSettingsSnapshot> {
  let cache = caches.get(db);
  if (!cache) {
    cache = { generation: 0 };
    caches.set(db, cache);
  }
  const { current } = cache;
  if (current && performance.now() - current.readAt < SITE_SETTINGS_TTL_MS) return current.snapshot;
  cache.reading ??= readSnapshot(db, cache, logger);
  return cache.reading;
}

async function readSnapshot(db: Database, cache: SettingsCache, logger: Logger): Promise<SiteSettingsSnapshot> {
  const generation = cache.generation;
  const readAt = performance.now();
  try {
    const settings = await getSiteSettings(db);
    const previous = cache.current?.snapshot;
    const snapshot = previous && sameSettings(previous, settings) ? previous : toSnapshot(settings, false);
    if (cache.generation === generation) cache.current = { snapshot, readAt };
    return snapshot;
  } catch (error) {
    const previous = cache.current;
    if (previous && cache.generation === generation) {
      logger.warn({ err: error }, "Seiteneinstellungen nicht neu gelesen, die zuletzt gelesenen gelten weiter");
      cache.current = { snapshot: previous.snapshot, readAt };
      return previous.snapshot;
    }
    logger.error({ err: error }, SITE_SETTINGS_LOAD_ERROR);
    return toSnapshot({ ...DEFAULT_SITE_SETTINGS }, true);
  } finally {
    if (cache.generation === generation) cache.reading = undefined;
  }
}

/**
 * Drops this server's copy, so the next request reads the row. For a change made here (the
 * admin's save); changes made elsewhere arrive after SITE_SETTINGS_TTL_MS.
 */
export function forgetCurrentSiteSettings(db: Database): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.generation += 1;
  cache.current = undefined;
  cache.reading = undefined;
}

function toSnapshot(settings: SiteSettings, loadFailed: boolean): SiteSettingsSnapshot {
  return { settings, loadFailed, version: JSON.stringify([settings, loadFailed]) };
}

function sameSettings(snapshot: SiteSettingsSnapshot, settings: SiteSettings): boolean {
  return !snapshot.loadFailed && snapshot.version === toSnapshot(settings, false).version;
}

type EditableSiteSettings = SiteSettings & { updatedAt: string };

/**
 * The admin's view: the settings with the version the form sends back. Migration 0001 seeds
 * the row; should it be gone, it is created with the spec's defaults, so there is always a
 * version to edit.
 */
export async function getEditableSiteSettings(db: Database): Promise<EditableSiteSettings> {
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!row) throw new Error("site_settings row 1 is missing");
  return { ...pickSettings(row), updatedAt: row.updatedAt.toISOString() };
}

/**
 * Spec section 7 "site_settings update by id 1": saved only when the row is still the
 * version the admin loaded (else "conflict", ADR 0024), with its audit entry in the same
 * transaction. The row lock makes the check and the write one step.
 */
export async function updateSiteSettings(
  db: Database,
  adminId: string,
  input: UpdateSiteSettingsInput,
): Promise<{ status: "updated"; settings: EditableSiteSettings } | { status: "conflict" }> {
  const next = toSiteSettings(input);
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for("update");
    // JavaScript dates hold milliseconds, the column microseconds: compare what the admin saw.
    if (!current || current.updatedAt.getTime() !== new Date(input.updatedAt).getTime()) {
      return { status: "conflict" as const };
    }
    const [updated] = await tx
      .update(siteSettings)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(siteSettings.id, 1))
      .returning();
    if (!updated) return { status: "conflict" as const };
    await recordAudit(tx, {
      adminId,
      action: "site_settings.update",
      targetId: "site_settings",
      before: pickSettings(current),
      after: pickSettings(updated),
    });
    return {
      status: "updated" as const,
      settings: { ...pickSettings(updated), updatedAt: updated.updatedAt.toISOString() },
    };
  });
  // After the commit: a read in between could otherwise still see the old row.
  if (result.status === "updated") forgetCurrentSiteSettings(db);
  return result;
}

function pickSettings(row: typeof siteSettings.$inferSelect): SiteSettings {
  return {
    siteTitle: row.siteTitle,
    metaDescription: row.metaDescription,
    faviconUrl: row.faviconUrl,
    gaTrackingId: row.gaTrackingId,
  };
}
