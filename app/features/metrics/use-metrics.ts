import { useQuery } from "@tanstack/react-query";
import { api, jsonOrThrow } from "#app/lib/api.ts";

// The figures of sent posts (ADR 0106): one post's for its dialog, the Erfolg page's report.

export function usePostMetrics(publicationId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["metrics", "post", publicationId],
    queryFn: async () => jsonOrThrow(await api.metrics.posts[":id"].$get({ param: { id: publicationId } })),
    enabled,
  });
}

export function useErfolgReport() {
  return useQuery({
    queryKey: ["metrics", "report"],
    queryFn: async () => jsonOrThrow(await api.metrics.report.$get()),
  });
}

/** The CSV's address; a plain link downloads it with the session cookie. */
export const METRICS_CSV_URL = "/api/metrics/export.csv";
