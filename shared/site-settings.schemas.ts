import { z } from "zod";
import { isValidMeasurementId } from "./analytics.ts";
import {
  DEFAULT_SITE_SETTINGS,
  FAVICON_URL_MAX_LENGTH,
  GA_TRACKING_ID_MAX_LENGTH,
  isAllowedFaviconUrl,
  META_DESCRIPTION_MAX_LENGTH,
  SITE_SETTINGS_TEXTS,
  SITE_TITLE_MAX_LENGTH,
  type SiteSettings,
} from "./site-settings.ts";
import { textField } from "./text.schemas.ts";

// The admin's site-settings form (spec sections 3 and 7 "site_settings update", ADR 0024). One
// schema for the form and PUT /api/admin/site-settings. Every field stays a string, so the
// form's values and the request body have one shape; an empty favicon or GA4 field means
// "none" and becomes null or the spec's placeholder in `toSiteSettings`.

export const SiteSettingsFormSchema = z.object({
  siteTitle: textField(SITE_SETTINGS_TEXTS.titleRequired)
    .trim()
    .min(1, { error: SITE_SETTINGS_TEXTS.titleRequired })
    .max(SITE_TITLE_MAX_LENGTH, { error: SITE_SETTINGS_TEXTS.titleTooLong }),
  metaDescription: textField(SITE_SETTINGS_TEXTS.descriptionRequired)
    .trim()
    .min(1, { error: SITE_SETTINGS_TEXTS.descriptionRequired })
    .max(META_DESCRIPTION_MAX_LENGTH, { error: SITE_SETTINGS_TEXTS.descriptionTooLong }),
  faviconUrl: textField(SITE_SETTINGS_TEXTS.faviconInvalid)
    .trim()
    .max(FAVICON_URL_MAX_LENGTH, { error: SITE_SETTINGS_TEXTS.faviconTooLong })
    .refine((value) => value === "" || isAllowedFaviconUrl(value), { error: SITE_SETTINGS_TEXTS.faviconInvalid }),
  // GA4 ids are upper case (G-…); a pasted lower-case id is meant the same.
  gaTrackingId: textField(SITE_SETTINGS_TEXTS.gaTrackingIdInvalid)
    .trim()
    .max(GA_TRACKING_ID_MAX_LENGTH, { error: SITE_SETTINGS_TEXTS.gaTrackingIdInvalid })
    .toUpperCase()
    .refine((value) => value === "" || value === DEFAULT_SITE_SETTINGS.gaTrackingId || isValidMeasurementId(value), {
      error: SITE_SETTINGS_TEXTS.gaTrackingIdInvalid,
    }),
});
export type SiteSettingsFormInput = z.input<typeof SiteSettingsFormSchema>;
export type SiteSettingsFormValues = z.output<typeof SiteSettingsFormSchema>;

// ADR 0024: the save names the version it edited, so a newer one is not overwritten.
export const UpdateSiteSettingsSchema = SiteSettingsFormSchema.extend({
  updatedAt: z.iso.datetime({ offset: true, error: "Bitte laden Sie die Seiteneinstellungen neu." }),
});
export type UpdateSiteSettingsInput = z.output<typeof UpdateSiteSettingsSchema>;

export function toSiteSettings(values: SiteSettingsFormValues): SiteSettings {
  return {
    siteTitle: values.siteTitle,
    metaDescription: values.metaDescription,
    faviconUrl: values.faviconUrl === "" ? null : values.faviconUrl,
    gaTrackingId: values.gaTrackingId === "" ? DEFAULT_SITE_SETTINGS.gaTrackingId : values.gaTrackingId,
  };
}

/** The form shows "none" as an empty field rather than the placeholder id. */
export function toSiteSettingsForm(settings: SiteSettings): SiteSettingsFormInput {
  return {
    siteTitle: settings.siteTitle,
    metaDescription: settings.metaDescription,
    faviconUrl: settings.faviconUrl ?? "",
    gaTrackingId: settings.gaTrackingId === DEFAULT_SITE_SETTINGS.gaTrackingId ? "" : settings.gaTrackingId,
  };
}
