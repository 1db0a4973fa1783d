import { useQuery } from "@tanstack/react-query";
import { api, jsonOrThrow } from "#app/lib/api.ts";

async function fetchUsage() {
  return jsonOrThrow(await api.admin.usage.$get());
}

export type Usage = Awaited<ReturnType<typeof fetchUsage>>;
export type UsageDay = Usage["days"][number];

export function useUsage() {
  return useQuery({ queryKey: ["admin", "usage"], queryFn: fetchUsage });
}
