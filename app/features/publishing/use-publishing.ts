import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useSigningOut } from "#app/features/auth/signing-out.ts";
import { type Answer, api, jsonOrThrow, toApiError } from "#app/lib/api.ts";
import type { NetworkId } from "#shared/networks.ts";
import type {
  CreatePostsInput,
  CreateThreadInput,
  ListPostsQuery,
  UpdatePostInput,
} from "#shared/publishing.schemas.ts";

// The browser's side of /api/connections and /api/posts (ADR 0053): "Verbundene Konten", the
// composer and the Redaktionsplan. Errors carry the server's German message (toApiError).

export const CONNECTIONS_QUERY_KEY = ["connections"] as const;
export const POSTS_QUERY_KEY = ["posts"] as const;
/** The header's notification area reads this key (app/features/notifications/). */
export const NOTIFICATIONS_QUERY_KEY = ["notifications"] as const;

async function fetchConnections() {
  return jsonOrThrow(await api.connections.$get());
}

export type Connections = Awaited<ReturnType<typeof fetchConnections>>;
export type NetworkConnections = Connections["networks"][number];
export type ConnectedAccount = NetworkConnections["accounts"][number] & { network: NetworkId; networkLabel: string };

export function useConnections() {
  return useQuery({ queryKey: CONNECTIONS_QUERY_KEY, queryFn: fetchConnections });
}

/** Every account of every network in one list, each with its network. */
export function allAccounts(connections: Connections | undefined): ConnectedAccount[] {
  return (connections?.networks ?? []).flatMap((group) =>
    group.accounts.map((account) => ({ ...account, network: group.network, networkLabel: group.label })),
  );
}

/** X and LinkedIn: the network's consent page, which sends the browser back to /konto/verbundene-konten. */
export function useStartOAuth() {
  return useMutation({
    mutationFn: async (network: NetworkId) => {
      const response = await api.connections[":network"].start.$post({ param: { network } });
      if (!response.ok) throw await toApiError(response);
      const { authorizationUrl } = await response.json();
      window.location.assign(authorizationUrl);
    },
  });
}

/** Mastodon (ADR 0095): the instance's consent page, after Postwerk checked the instance and registered there. */
export function useStartInstanceOAuth() {
  return useMutation({
    mutationFn: async ({ network, instance }: { network: NetworkId; instance: string }) => {
      const response = await api.connections[":network"].instance.$post({ param: { network }, json: { instance } });
      if (!response.ok) throw await toApiError(response);
      const { authorizationUrl } = await response.json();
      window.location.assign(authorizationUrl);
    },
  });
}

export function useConnectWithAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ network, ...json }: { network: NetworkId; identifier: string; appPassword: string }) =>
      jsonOrThrow(await api.connections[":network"]["app-password"].$post({ param: { network }, json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONNECTIONS_QUERY_KEY }),
  });
}

export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (accountId: string) => {
      const response = await api.connections.accounts[":id"].$delete({ param: { id: accountId } });
      if (!response.ok) throw await toApiError(response);
    },
    // Disconnecting cancels the account's planned posts.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONNECTIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY }),
      ]),
  });
}

async function fetchPosts(query: ListPostsQuery) {
  return jsonOrThrow(await api.posts.$get({ query }));
}

export type PostList = Awaited<ReturnType<typeof fetchPosts>>;
export type Post = PostList["posts"][number];

/** While a shown post waits or is being sent, the plan looks again now and then. */
const REFRESH_WHILE_PENDING_MS = 30_000;

export function usePosts(query: ListPostsQuery) {
  const signingOut = useSigningOut();
  return useQuery({
    queryKey: [...POSTS_QUERY_KEY, query],
    queryFn: () => fetchPosts(query),
    // It looks again on focus; during a sign-out that would meet a 401 (ADR 0061).
    enabled: !signingOut,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    refetchInterval: (current) =>
      current.state.data?.posts.some((post) => post.status === "planned" || post.status === "sending")
        ? REFRESH_WHILE_PENDING_MS
        : false,
  });
}

/**
 * A change to posts. Afterwards, whether it went through or not, the plan and the notifications
 * are loaded again: a refused change may meet a post that changed meanwhile (sent, cancelled).
 */
function usePostsChange<Input, A extends Answer>(send: (input: Input) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => jsonOrThrow(await send(input)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
      ]),
  });
}

export function useCreatePosts() {
  return usePostsChange((input: CreatePostsInput) => api.posts.$post({ json: input }));
}

export function useUpdatePost() {
  return usePostsChange(({ id, ...input }: UpdatePostInput & { id: string }) =>
    api.posts[":id"].$patch({ param: { id }, json: input }),
  );
}

export function useCancelPost() {
  return usePostsChange((id: string) => api.posts[":id"].cancel.$post({ param: { id } }));
}

/** "Jetzt senden": a post that failed or was missed goes out now (ADR 0075). */
export function useSendPostNow() {
  return usePostsChange((id: string) => api.posts[":id"]["send-now"].$post({ param: { id } }));
}

/** A thread for one X account (ADR 0066). */
export function useCreateThread() {
  return usePostsChange((input: CreateThreadInput) => api.posts.threads.$post({ json: input }));
}

/**
 * "Erneut senden" of a post in doubt: only with the owner's word that it did not appear on the
 * network (ADR 0093); the server refuses it otherwise.
 */
export function useResendPost() {
  return usePostsChange((id: string) =>
    api.posts[":id"].resend.$post({ param: { id }, json: { confirmedNotPublished: true } }),
  );
}

/** One post, for a link that opens it (`?beitrag=` from a mail or a notification, ADR 0094). */
export function usePost(id: string | null) {
  const signingOut = useSigningOut();
  return useQuery({
    queryKey: [...POSTS_QUERY_KEY, "one", id],
    queryFn: async () => jsonOrThrow(await api.posts[":id"].$get({ param: { id: id ?? "" } })),
    enabled: id !== null && !signingOut,
    retry: false,
  });
}

/** "Fortsetzen": a stopped thread goes on from its first unsent post (ADR 0066). */
export function useResumeThread() {
  return usePostsChange((id: string) => api.posts[":id"].resume.$post({ param: { id } }));
}

/**
 * Drag and drop and "Verschieben" in the calendar (ADR 0089): the card moves at once in every
 * loaded range, goes back where it was when the server refuses (a time in the past, a post sent
 * meanwhile), and the refusal is told as a toast in the server's words.
 */
export function useMovePost(onMoved?: (plannedFor: { date: string; time: string }) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ post, plannedFor }: MovePostInput) =>
      jsonOrThrow(await api.posts[":id"].$patch({ param: { id: post.id }, json: { plannedFor } })),
    onMutate: async ({ post, instant }: MovePostInput) => {
      await queryClient.cancelQueries({ queryKey: POSTS_QUERY_KEY });
      const previous = queryClient.getQueriesData<PostList>({ queryKey: POSTS_QUERY_KEY });
      queryClient.setQueriesData<PostList>({ queryKey: POSTS_QUERY_KEY }, (data) =>
        data
          ? {
              ...data,
              posts: data.posts.map((candidate) =>
                candidate.id === post.id ? { ...candidate, scheduledAt: instant } : candidate,
              ),
            }
          : data,
      );
      return { previous };
    },
    onError: (failure, _input, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      toast.error(failure.message);
    },
    onSuccess: (_post, { plannedFor }) => onMoved?.(plannedFor),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
      ]),
  });
}

export type MovePostInput = {
  post: Post;
  plannedFor: { date: string; time: string };
  /** The new instant, for the card's place until the server answers. */
  instant: string;
};
