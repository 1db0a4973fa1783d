import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { ApiError, api, isApiError, toApiError } from "#app/lib/api.ts";
import type {
  CreatePromptConfigurationInput,
  CreateTokenConfigurationInput,
  UpdatePromptConfigurationInput,
  UpdateTokenConfigurationInput,
} from "#shared/generator-configurations.schemas.ts";

// The admin's prompt and token configurations (ADR 0024). Every mutation refetches its list
// when it settles, so a failure (someone else saved or deleted first) shows the current rows.

const PROMPTS_QUERY_KEY = ["admin", "prompts"] as const;
const TOKENS_QUERY_KEY = ["admin", "tokens"] as const;

async function fetchPrompts() {
  const response = await api.admin.prompts.$get();
  if (!response.ok) throw await toApiError(response);
  return (await response.json()).configurations;
}

async function fetchTokens() {
  const response = await api.admin.tokens.$get();
  if (!response.ok) throw await toApiError(response);
  return (await response.json()).configurations;
}

export type PromptConfiguration = Awaited<ReturnType<typeof fetchPrompts>>[number];
export type TokenConfiguration = Awaited<ReturnType<typeof fetchTokens>>[number];

export function usePromptConfigurations() {
  return useQuery({ queryKey: PROMPTS_QUERY_KEY, queryFn: fetchPrompts });
}

export function useTokenConfigurations() {
  return useQuery({ queryKey: TOKENS_QUERY_KEY, queryFn: fetchTokens });
}

export function useCreatePromptConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: CreatePromptConfigurationInput) => {
      const response = await api.admin.prompts.$post({ json });
      if (!response.ok) throw await toApiError(response);
      return (await response.json()).configuration;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMPTS_QUERY_KEY }),
  });
}

export function useUpdatePromptConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...json }: UpdatePromptConfigurationInput & { id: string }) => {
      const response = await api.admin.prompts[":id"].$put({ param: { id }, json });
      if (!response.ok) throw await toApiError(response);
      return (await response.json()).configuration;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMPTS_QUERY_KEY }),
  });
}

export function useDeletePromptConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const response = await api.admin.prompts[":id"].$delete({ param: { id } });
      if (!response.ok) throw await toApiError(response);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMPTS_QUERY_KEY }),
  });
}

export function useCreateTokenConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: CreateTokenConfigurationInput) => {
      const response = await api.admin.tokens.$post({ json });
      if (!response.ok) throw await toApiError(response);
      return (await response.json()).configuration;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOKENS_QUERY_KEY }),
  });
}

export function useUpdateTokenConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...json }: UpdateTokenConfigurationInput & { id: string }) => {
      const response = await api.admin.tokens[":id"].$put({ param: { id }, json });
      if (!response.ok) throw await toApiError(response);
      return (await response.json()).configuration;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOKENS_QUERY_KEY }),
  });
}

export function useDeleteTokenConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const response = await api.admin.tokens[":id"].$delete({ param: { id } });
      if (!response.ok) throw await toApiError(response);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOKENS_QUERY_KEY }),
  });
}

/** A name another row has; the form shows it at the name field, where the admin fixes it. */
export function isNameTaken(error: unknown): boolean {
  return isApiError(error, "NAME_TAKEN");
}

/** The spec's English failure toast, with the server's German reason beneath it. */
export function toastFailure(title: string, error: unknown): void {
  const description = error instanceof ApiError ? error.message : undefined;
  toast.error(title, { description });
}

/** Spec section 5: the admin's numeric inputs are parsed as integers, falling back to 0. */
export function parseIntegerOrZero(value: unknown): number {
  const parsed = Number.parseInt(String(value), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}
