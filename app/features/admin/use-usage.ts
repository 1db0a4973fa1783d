import { useQuery } from "@tanstack/react-query";
import { api, toApiError } from "#app/lib/api.ts";

async function fetchUsage() {
  const response = await api.admin.usage.$get();
  if (!response.ok) throw await toApiError(response);
  return response.json();
}

export type Usage = Awaited<ReturnType<typeof fetchUsage>>;
export type UsageDay = Usage["days"][number];

export function useUsage() {
  return useQuery({ queryKey: ["admin", "usage"], queryFn: fetchUsage });
}
