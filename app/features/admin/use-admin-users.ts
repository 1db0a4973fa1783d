import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, jsonOrThrow, toApiError } from "#app/lib/api.ts";
import type { Plan } from "#shared/billing.ts";

// The admin's users, their credits and plans by hand (ADR 0024).

const USERS_KEY = ["admin", "users"] as const;

export function useAdminUsers(query: string, page: number) {
  return useQuery({
    queryKey: [...USERS_KEY, query, page],
    queryFn: async () => jsonOrThrow(await api.admin.users.$get({ query: { q: query, page: String(page) } })),
    placeholderData: keepPreviousData,
  });
}

export type AdminUser = NonNullable<ReturnType<typeof useAdminUsers>["data"]>["users"][number];

export function useUpdateCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, credits, expectedCredits }: { id: string; credits: number; expectedCredits: number }) => {
      const response = await api.admin.users[":id"].credits.$put({ param: { id }, json: { credits, expectedCredits } });
      if (!response.ok) throw await toApiError(response);
    },
    // Also after a refusal: the list then shows what is stored now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}

export function useSetPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, plan, granted }: { id: string; plan: Plan; granted: boolean }) => {
      const response = await api.admin.users[":id"].plans.$put({ param: { id }, json: { plan, granted } });
      if (!response.ok) throw await toApiError(response);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
