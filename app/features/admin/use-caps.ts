import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, jsonOrThrow } from "#app/lib/api.ts";
import type { UpdatePublishingCapsInput } from "#shared/publishing-caps.schemas.ts";

// The two tables of monthly caps per plan and network, one shape: posts published (ADR 0053)
// and posts read for the metrics (ADR 0105).
const CAP_ENDPOINTS = {
  publishing: api.admin["publishing-caps"],
  reads: api.admin["metric-read-caps"],
};
export type CapKind = keyof typeof CAP_ENDPOINTS;

const capsQueryKey = (kind: CapKind) => ["admin", "caps", kind] as const;

// Not refetched on focus: the form edits the caps it loaded, and newer ones are loaded only
// when the admin asks for them after a conflict (ADR 0024).
export function useCaps(kind: CapKind) {
  return useQuery({
    queryKey: capsQueryKey(kind),
    queryFn: async () => jsonOrThrow(await CAP_ENDPOINTS[kind].$get()),
    refetchOnWindowFocus: false,
  });
}

export function useUpdateCaps(kind: CapKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdatePublishingCapsInput) => jsonOrThrow(await CAP_ENDPOINTS[kind].$put({ json: body })),
    onSuccess: (saved) => queryClient.setQueryData(capsQueryKey(kind), saved),
  });
}
