import { api, isApiError, jsonOrThrow, toApiError } from "#app/lib/api.ts";
import type { ListDraftsQuery } from "#shared/drafts.schemas.ts";
import type { DraftContent, DraftSource, DraftView } from "#shared/drafts.ts";
import { type DraftApi, DraftConflict } from "./draft-saver.ts";

// The browser's side of /api/drafts (ADR 0084). Saves on leaving the page go out with
// `keepalive`, so the browser finishes them after the tab is gone.

export const DRAFTS_QUERY_KEY = ["drafts"] as const;

export async function fetchDrafts(query: ListDraftsQuery): Promise<DraftView[]> {
  return (await jsonOrThrow(await api.drafts.$get({ query }))).drafts;
}

/** The draft, or null when it is gone (planned, deleted, another account's). */
export async function fetchDraft(id: string): Promise<DraftView | null> {
  const response = await api.drafts[":id"].$get({ param: { id } });
  if ((response.status as number) === 404) return null;
  return (await jsonOrThrow(response)).draft;
}

export async function deleteDraft(id: string): Promise<void> {
  await jsonOrThrow(await api.drafts[":id"].$delete({ param: { id } }));
}

async function send(path: string, method: "POST" | "PUT", body: unknown, keepalive = false): Promise<DraftView> {
  const response = await fetch(path, {
    method,
    keepalive,
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const error = await toApiError(response);
    if (isApiError(error, "DRAFT_CONFLICT")) throw new DraftConflict(error.message);
    throw error;
  }
  return ((await response.json()) as { draft: DraftView }).draft;
}

export const draftApi: DraftApi = {
  create: (source: DraftSource, content: DraftContent, options) =>
    send("/api/drafts", "POST", { source, content }, options?.keepalive),
  save: (id, body, options) => send(`/api/drafts/${encodeURIComponent(id)}`, "PUT", body, options?.keepalive),
};
