import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, jsonOrThrow, toApiError } from "#app/lib/api.ts";
import { useDebouncedValue } from "#app/lib/use-debounced-value.ts";

const ACCESS_QUERY_KEY = ["optimizer", "access"] as const;
const SPELLING_DEBOUNCE_MS = 600;

export function useOptimizerAccess() {
  return useQuery({
    queryKey: ACCESS_QUERY_KEY,
    queryFn: async () => jsonOrThrow(await api.optimizer.access.$get()),
  });
}

export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => jsonOrThrow(await api.optimizer.trial.$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCESS_QUERY_KEY }),
  });
}

async function requestGrammarCorrection(postText: string) {
  const response = await api.optimizer["correct-grammar"].$post({ json: { postText } });
  if (!response.ok) throw await toApiError(response);
  const body = await response.json();
  return { posts: [body.correctedText], demo: body.demo };
}

async function requestImprovement(postText: string) {
  const response = await api.optimizer["improve-post"].$post({ json: { postText } });
  if (!response.ok) throw await toApiError(response);
  const body = await response.json();
  return { posts: [body.improvedText], demo: body.demo };
}

async function requestThreadAi(action: AiAction, posts: string[]): Promise<AiEdit> {
  const json = { json: { posts } };
  const response =
    action === "grammar"
      ? await api.optimizer["correct-grammar-thread"].$post(json)
      : await api.optimizer["improve-thread"].$post(json);
  if (!response.ok) throw await toApiError(response);
  return response.json();
}

export type AiAction = "grammar" | "improve";
type AiEdit = { posts: string[]; demo: boolean };

/** Grammar or improvement for one post, or for a thread's posts with the split kept (ADR 0069). */
export function requestAiEdit(action: AiAction, posts: string[]): Promise<AiEdit> {
  if (posts.length > 1) return requestThreadAi(action, posts);
  const post = posts[0] ?? "";
  return action === "grammar" ? requestGrammarCorrection(post) : requestImprovement(post);
}

// Offline spelling hints for the text once typing pauses; the ranges belong to `checkedText`.
export function useSpellingHints(text: string) {
  const checkedText = useDebouncedValue(text, SPELLING_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ["optimizer", "spelling", checkedText],
    enabled: checkedText.trim().length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => jsonOrThrow(await api.optimizer.spelling.$post({ json: { text: checkedText } })),
  });
  const current = checkedText === text && query.data ? query.data.issues : [];
  return { issues: current };
}
