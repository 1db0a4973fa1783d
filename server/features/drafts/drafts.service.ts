import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { drafts } from "#server/db/schema/drafts.ts";
import { socialAccounts } from "#server/db/schema/publishing.ts";
import { lockUser } from "#server/db/user-lock.ts";
import type { CreateDraftInput, ListDraftsQuery, UpdateDraftInput } from "#shared/drafts.schemas.ts";
import { DRAFTS_PER_USER_MAX, type DraftContent, type DraftSource, type DraftView } from "#shared/drafts.ts";
import type { NetworkId } from "#shared/networks.ts";
import { DraftRefusal } from "./draft-refusal.ts";

// Drafts (ADR 0084): documents the user is writing, saved as they are typed. Each save carries the
// revision it was based on; a save based on an older revision (another tab, another device saved
// in between) is refused with 409 instead of overwriting what was written there.

type Draft = typeof drafts.$inferSelect;

export async function listDrafts(db: Database, userId: string, query: ListDraftsQuery): Promise<DraftView[]> {
  // At most DRAFTS_PER_USER_MAX rows: the filters on the accounts inside `content` run here.
  const rows = await db
    .select()
    .from(drafts)
    .where(eq(drafts.userId, userId))
    .orderBy(desc(drafts.updatedAt), desc(drafts.id));
  const networksOf = await accountNetworks(db, userId);
  return rows
    .map((row) => toDraftView(row, networksOf))
    .filter(
      (draft) =>
        (!query.source || draft.source === query.source) &&
        (!query.accountId || draft.content.accountIds.includes(query.accountId)) &&
        (!query.network || draft.networks.includes(query.network)),
    );
}

export async function getDraft(db: Database, userId: string, id: string): Promise<DraftView> {
  return toDraftView(await ownDraft(db, userId, id), await accountNetworks(db, userId));
}

export async function createDraft(db: Database, userId: string, input: CreateDraftInput): Promise<DraftView> {
  const row = await db.transaction((tx) => insertDraft(tx, userId, input.source, input.content));
  return toDraftView(row, await accountNetworks(db, userId));
}

/**
 * A new draft, refused over the limit per user. The user's row is locked for the count, so two
 * tabs saving their first keystrokes at once cannot both take the last place.
 */
export async function insertDraft(
  tx: Database,
  userId: string,
  source: DraftSource,
  content: DraftContent,
): Promise<Draft> {
  await lockUser(tx, userId);
  const [existing] = await tx.select({ n: count() }).from(drafts).where(eq(drafts.userId, userId));
  if ((existing?.n ?? 0) >= DRAFTS_PER_USER_MAX) throw new DraftRefusal("DRAFT_LIMIT_REACHED", 409);
  const [row] = await tx.insert(drafts).values({ userId, source, content }).returning();
  if (!row) throw new Error("Entwurf nicht angelegt");
  return row;
}

/** An autosave: written only when the draft is still at the revision the browser based it on. */
export async function saveDraft(
  db: Database,
  userId: string,
  id: string,
  input: UpdateDraftInput,
  now = new Date(),
): Promise<DraftView> {
  if (!isUuid(id)) throw new DraftRefusal("DRAFT_NOT_FOUND", 404);
  const [row] = await db
    .update(drafts)
    .set({
      content: input.content,
      revision: input.revision + 1,
      updatedAt: now,
      ...(input.source ? { source: input.source } : {}),
    })
    .where(and(eq(drafts.id, id), eq(drafts.userId, userId), eq(drafts.revision, input.revision)))
    .returning();
  if (!row) {
    await ownDraft(db, userId, id);
    throw new DraftRefusal("DRAFT_CONFLICT", 409);
  }
  return toDraftView(row, await accountNetworks(db, userId));
}

export async function deleteDraft(db: Database, userId: string, id: string): Promise<void> {
  const deleted = isUuid(id)
    ? await db
        .delete(drafts)
        .where(and(eq(drafts.id, id), eq(drafts.userId, userId)))
        .returning({ id: drafts.id })
    : [];
  if (deleted.length === 0) throw new DraftRefusal("DRAFT_NOT_FOUND", 404);
}

/**
 * Entwurf → Geplant (shared/publishing-states.ts, DRAFT_TRANSITIONS.plan): called inside the
 * transaction that creates the publications, so the draft is gone exactly when they exist. A draft
 * already planned (a second click, another tab) refuses, and the whole transaction with it.
 */
export async function consumeDraft(tx: Database, userId: string, id: string): Promise<void> {
  const deleted = await tx
    .delete(drafts)
    .where(and(eq(drafts.id, id), eq(drafts.userId, userId)))
    .returning({ id: drafts.id });
  if (deleted.length === 0) throw new DraftRefusal("DRAFT_ALREADY_PLANNED", 409);
}

async function ownDraft(db: Database, userId: string, id: string): Promise<Draft> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(drafts)
        .where(and(eq(drafts.id, id), eq(drafts.userId, userId)))
    : [];
  if (!row) throw new DraftRefusal("DRAFT_NOT_FOUND", 404);
  return row;
}

/** The network of each of the user's accounts, by id. */
export async function accountNetworks(db: Database, userId: string): Promise<Map<string, NetworkId>> {
  const rows = await db
    .select({ id: socialAccounts.id, network: socialAccounts.network })
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId));
  return new Map(rows.map((row) => [row.id, row.network]));
}

export function toDraftView(row: Draft, networksOf: Map<string, NetworkId>): DraftView {
  const networks = new Set<NetworkId>();
  for (const accountId of row.content.accountIds) {
    const network = networksOf.get(accountId);
    if (network) networks.add(network);
  }
  return {
    id: row.id,
    source: row.source,
    content: row.content,
    revision: row.revision,
    networks: [...networks],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
