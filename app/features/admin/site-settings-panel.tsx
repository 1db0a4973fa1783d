import Globe from "lucide-react/icons/globe";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { ApiError } from "#app/lib/api.ts";
import { formatDateTime } from "#app/lib/format.ts";
import { zodResolver } from "#app/lib/zod.ts";
import { ADMIN_TEXTS } from "#shared/admin.ts";
import {
  type SiteSettingsFormInput,
  SiteSettingsFormSchema,
  type SiteSettingsFormValues,
  toSiteSettingsForm,
} from "#shared/site-settings.schemas.ts";
import {
  DEFAULT_SITE_SETTINGS,
  FALLBACK_FAVICON_URL,
  META_DESCRIPTION_MAX_LENGTH,
  SITE_TITLE_MAX_LENGTH,
} from "#shared/site-settings.ts";
import { AdminPanelCard } from "./admin-panel-card.tsx";
import { useEditedVersion } from "./conflict-notice.tsx";
import { type EditableSiteSettings, useAdminSiteSettings, useUpdateSiteSettings } from "./use-site-settings-admin.ts";

// Spec sections 2, 3, 7 and 8 "Site settings": title, description, favicon and GA4 id of every
// page. The server writes them into each page it serves (ADR 0005), so a save shows on the
// next page load, on every app server.
export function SiteSettingsPanel() {
  const query = useAdminSiteSettings();
  return (
    <AdminPanelCard
      icon={Globe}
      title="Seiteneinstellungen"
      description="Titel, Beschreibung, Favicon und Google Analytics aller Seiten. Eine Änderung gilt ab dem nächsten Seitenaufruf für alle Besucher."
      query={query}
      loadFailed="Die Seiteneinstellungen konnten nicht geladen werden."
    >
      {(data) => <SiteSettingsForm settings={data} reload={() => query.refetch()} />}
    </AdminPanelCard>
  );
}

function SiteSettingsForm({ settings, reload }: { settings: EditableSiteSettings; reload: () => void }) {
  const update = useUpdateSiteSettings();
  const form = useForm<SiteSettingsFormInput, unknown, SiteSettingsFormValues>({
    resolver: zodResolver(SiteSettingsFormSchema),
    defaultValues: toSiteSettingsForm(settings),
  });
  const { errors, isSubmitting } = form.formState;
  const edited = useEditedVersion({
    loaded: settings.updatedAt,
    subject: "die Seiteneinstellungen",
    reset: () => form.reset(toSiteSettingsForm(settings)),
  });

  async function onSubmit(values: SiteSettingsFormValues) {
    try {
      const saved = await update.mutateAsync({ ...values, updatedAt: edited.version });
      edited.saved(saved.updatedAt);
      form.reset(toSiteSettingsForm(saved));
      toast.success(ADMIN_TEXTS.siteSettingsUpdated);
    } catch (error) {
      // The spec's English toast, with the server's German reason beneath it. The form keeps
      // what was typed.
      toast.error(ADMIN_TEXTS.siteSettingsFailed, {
        description: error instanceof ApiError ? error.message : undefined,
      });
      if (edited.refused(error)) reload();
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid max-w-2xl gap-5">
      {edited.notice}
      <HintedField
        id="site-title"
        label="Seitentitel"
        error={errors.siteTitle?.message}
        hint={`Im Browser-Tab und in Suchergebnissen; Unterseiten stellen ihren Namen voran („Preise | Seitentitel“). Höchstens ${SITE_TITLE_MAX_LENGTH} Zeichen.`}
      >
        {(describedBy) => (
          <Input
            id="site-title"
            required
            aria-invalid={Boolean(errors.siteTitle)}
            aria-describedby={describedBy}
            {...form.register("siteTitle")}
          />
        )}
      </HintedField>
      <HintedField
        id="site-description"
        label="Meta-Beschreibung"
        error={errors.metaDescription?.message}
        hint={`Für Suchmaschinen und geteilte Links; Seiten mit eigener Beschreibung behalten sie. Höchstens ${META_DESCRIPTION_MAX_LENGTH} Zeichen.`}
      >
        {(describedBy) => (
          <Textarea
            id="site-description"
            rows={3}
            required
            aria-invalid={Boolean(errors.metaDescription)}
            aria-describedby={describedBy}
            {...form.register("metaDescription")}
          />
        )}
      </HintedField>
      <HintedField
        id="site-favicon"
        label="Favicon-URL"
        error={errors.faviconUrl?.message}
        hint={`Ein Pfad dieser Website wie ${FALLBACK_FAVICON_URL} oder eine Adresse mit https://. Leer lassen für das Standard-Symbol. Eine fremde Adresse ruft jeder Browser ohne Einwilligung ab; ein Pfad dieser Website ist datenschutzfreundlicher.`}
      >
        {(describedBy) => (
          <Input
            id="site-favicon"
            inputMode="url"
            placeholder={FALLBACK_FAVICON_URL}
            aria-invalid={Boolean(errors.faviconUrl)}
            aria-describedby={describedBy}
            {...form.register("faviconUrl")}
          />
        )}
      </HintedField>
      <HintedField
        id="site-ga"
        label="Google-Analytics-Mess-ID (GA4)"
        error={errors.gaTrackingId?.message}
        hint="Leer lassen, um Google Analytics abzuschalten. Geladen wird es erst, wenn ein Besucher der Analyse zustimmt."
      >
        {(describedBy) => (
          <Input
            id="site-ga"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={DEFAULT_SITE_SETTINGS.gaTrackingId}
            aria-invalid={Boolean(errors.gaTrackingId)}
            aria-describedby={describedBy}
            {...form.register("gaTrackingId")}
          />
        )}
      </HintedField>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-slate-600">Zuletzt gespeichert am {formatDateTime(settings.updatedAt)}</p>
        <Button type="submit" disabled={isSubmitting || edited.newerVersionLoaded}>
          {isSubmitting ? "Wird gespeichert..." : "Speichern"}
        </Button>
      </div>
    </form>
  );
}

// A labelled control with a hint beneath it; the control names the hint, and the error when
// there is one, for screen readers.
function HintedField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  children: (describedBy: string) => ReactNode;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {children(error ? `${id}-hint ${id}-error` : `${id}-hint`)}
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
    </FormField>
  );
}
