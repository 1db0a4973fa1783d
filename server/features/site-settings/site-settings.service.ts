import { eq, sql } from "drizzle-orm";
import { toSiteSettings, type UpdateSiteSettingsInput } from "#shared/site-settings.schemas.ts";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "#shared/site-settings.ts";
import type { Database } from "../../db/client.ts";
import { siteSettings } from "../../db/schema/site-settings.ts";
import { recordAudit } from "../admin/audit.service.ts";

// Every page load reads the row (pages.routes.ts, ADR 0005) and nothing caches it, so a
// change reaches every app server with the next request.
export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  if (!row) return { ...DEFAULT_SITE_SETTINGS };
  return pickSettings(row);
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
 * Spec section 7 "site_settings update by id 1", issue 14: saved only when the row is still the
 * version the admin loaded (else "conflict", ADR 0024), with its audit entry in the same
 * transaction. The row lock makes the check and the write one step.
 */
export async function updateSiteSettings(
  db: Database,
  adminId: string,
  input: UpdateSiteSettingsInput,
): Promise<{ status: "updated"; settings: EditableSiteSettings } | { status: "conflict" }> {
  const next = toSiteSettings(input);
  return db.transaction(async (tx) => {
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
}

function pickSettings(row: typeof siteSettings.$inferSelect): SiteSettings {
  return {
    siteTitle: row.siteTitle,
    metaDescription: row.metaDescription,
    faviconUrl: row.faviconUrl,
    gaTrackingId: row.gaTrackingId,
  };
}
