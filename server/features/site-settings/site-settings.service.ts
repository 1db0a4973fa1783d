import { eq } from "drizzle-orm";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "#shared/site-settings.ts";
import type { Database } from "../../db/client.ts";
import { siteSettings } from "../../db/schema/site-settings.ts";

export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  if (!row) return { ...DEFAULT_SITE_SETTINGS };
  return {
    siteTitle: row.siteTitle,
    metaDescription: row.metaDescription,
    faviconUrl: row.faviconUrl,
    gaTrackingId: row.gaTrackingId,
  };
}
