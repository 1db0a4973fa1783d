import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, jsonOrThrow } from "#app/lib/api.ts";
import type { SiteSettingsFormValues } from "#shared/site-settings.schemas.ts";

const SITE_SETTINGS_QUERY_KEY = ["admin", "site-settings"] as const;

async function fetchSiteSettings() {
  return jsonOrThrow(await api.admin["site-settings"].$get());
}

export type EditableSiteSettings = Awaited<ReturnType<typeof fetchSiteSettings>>;

// The stored settings and their version (ADR 0024). Not refetched on focus: the form edits
// one version, and a newer one is loaded only when the admin asks for it after a conflict.
export function useAdminSiteSettings() {
  return useQuery({ queryKey: SITE_SETTINGS_QUERY_KEY, queryFn: fetchSiteSettings, refetchOnWindowFocus: false });
}

export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SiteSettingsFormValues & { updatedAt: string }) =>
      jsonOrThrow(await api.admin["site-settings"].$put({ json: body })),
    onSuccess: (saved) => queryClient.setQueryData(SITE_SETTINGS_QUERY_KEY, saved),
  });
}
