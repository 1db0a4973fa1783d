import { and, desc, eq, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { insertDraft } from "#server/features/drafts/drafts.service.ts";
import {
  createPosts,
  ownPost,
  type PostsDeps,
  sendPostNow,
  toView,
} from "#server/features/publishing/publishing.service.ts";
import { threadViewsOf } from "#server/features/publishing/thread-views.ts";
import { createThread, resumeThread } from "#server/features/publishing/threads.service.ts";
import { findNextSlot } from "#server/features/queue-slots/queue-slots.service.ts";
import type { DraftContent } from "#shared/drafts.ts";
import type {
  ApiCreatePostsInput,
  ApiCreateThreadInput,
  ApiListPostsQuery,
  ApiWhen,
} from "#shared/public-api-v1.schemas.ts";
import type { PlannedWallTime, PublicationView } from "#shared/publishing.schemas.ts";
import { PublicApiRefusal } from "./public-api-refusal.ts";

// The public API's posts (ADR 0107) on the app's own services: the composer's createPosts and
// createThread, the queue slots' next free slot, the drafts' insertDraft. Everything here writes
// in the transaction it is given (the Idempotency-Key's, ADR 0109) and calls no network.

type ApiDraft = DraftContent & { id: string; createdAt: string };

export type CreatedPosts = { posts: PublicationView[]; draft: ApiDraft | null };

export async function listAccounts(db: Database, userId: string) {
  const rows = await db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId));
  return rows.map((row) => ({
    id: row.id,
    network: row.network,
    handle: row.handle,
    displayName: row.displayName,
    status: row.status,
  }));
}

/** Now, planned, at the next free slot of all target accounts, or as a draft (ADR 0092, 0084). */
export async function createApiPosts(
  deps: PostsDeps,
  userId: string,
  input: ApiCreatePostsInput,
): Promise<CreatedPosts> {
  const accountIds = input.targets.map((target) => target.accountId);
  const mode = modeOf(input.when, input.plannedFor);
  if (mode === "draft") {
    const [first] = input.targets;
    const perAccountText = Object.fromEntries(input.targets.map((target) => [target.accountId, target.text]));
    const draft = await storeDraft(deps.db, userId, {
      accountIds,
      text: first?.text ?? "",
      perAccountText,
      threadPosts: [],
      image: input.image ?? null,
      plannedFor: input.plannedFor ?? null,
    });
    return { posts: [], draft };
  }
  const plannedFor = await plannedForOf(deps.db, userId, mode, input.plannedFor, accountIds);
  const posts = await createPosts(deps, userId, { targets: input.targets, image: input.image, plannedFor });
  return { posts, draft: null };
}

export async function createApiThread(
  deps: PostsDeps,
  userId: string,
  input: ApiCreateThreadInput,
): Promise<{ post: PublicationView | null; draft: ApiDraft | null }> {
  const mode = modeOf(input.when, input.plannedFor);
  if (mode === "draft") {
    const draft = await storeDraft(deps.db, userId, {
      accountIds: [input.accountId],
      text: input.posts[0] ?? "",
      perAccountText: {},
      threadPosts: input.posts,
      image: input.image ?? null,
      plannedFor: input.plannedFor ?? null,
    });
    return { post: null, draft };
  }
  const plannedFor = await plannedForOf(deps.db, userId, mode, input.plannedFor, [input.accountId]);
  const post = await createThread(deps, userId, { ...input, plannedFor });
  return { post, draft: null };
}

function modeOf(when: ApiWhen | undefined, plannedFor: PlannedWallTime | undefined): ApiWhen {
  const mode = when ?? (plannedFor ? "planned" : "now");
  if (mode === "planned" && !plannedFor)
    throw new PublicApiRefusal("INVALID_INPUT", 400, "Bitte geben Sie für when=planned den Zeitpunkt plannedFor an.");
  return mode;
}

async function plannedForOf(
  db: Database,
  userId: string,
  mode: Exclude<ApiWhen, "draft">,
  plannedFor: PlannedWallTime | undefined,
  accountIds: string[],
): Promise<PlannedWallTime | undefined> {
  if (mode === "now") return undefined;
  if (mode === "planned") return plannedFor;
  const slot = await findNextSlot(db, userId, accountIds);
  if (!slot.next) throw new PublicApiRefusal("NO_FREE_SLOT", 409, slot.message ?? undefined);
  return { date: slot.next.date, time: slot.next.time };
}

async function storeDraft(db: Database, userId: string, content: DraftContent): Promise<ApiDraft> {
  const row = await insertDraft(db, userId, "composer", content);
  return { id: row.id, ...row.content, createdAt: row.createdAt.toISOString() };
}

/** Retry: a failed or missed post goes out now (ADR 0075); a stopped thread is continued (ADR 0066). */
export async function retryApiPost(deps: PostsDeps, userId: string, id: string): Promise<PublicationView> {
  const post = await ownPost(deps.db, userId, id);
  return post.postCount > 1 ? resumeThread(deps, userId, id) : sendPostNow(deps, userId, id);
}

/** Newest plan first, paged by a cursor of the last post's (scheduledAt, id). */
export async function listApiPosts(
  db: Database,
  userId: string,
  query: ApiListPostsQuery,
): Promise<{ posts: PublicationView[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(publications.userId, userId)];
  if (query.status.length) conditions.push(inArray(publications.status, query.status));
  if (query.network.length) conditions.push(inArray(publications.network, query.network));
  if (query.accountId) conditions.push(eq(publications.accountId, query.accountId));
  if (query.from) conditions.push(gte(publications.scheduledAt, new Date(query.from)));
  if (query.to) conditions.push(lt(publications.scheduledAt, new Date(query.to)));
  if (query.cursor) {
    const cursor = readCursor(query.cursor);
    const after = or(
      lt(publications.scheduledAt, cursor.at),
      and(eq(publications.scheduledAt, cursor.at), lt(publications.id, cursor.id)),
    );
    if (after) conditions.push(after);
  }
  const rows = await db
    .select()
    .from(publications)
    .where(and(...conditions))
    .orderBy(desc(publications.scheduledAt), desc(publications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const threads = await threadViewsOf(db, page);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? Buffer.from(JSON.stringify([last.scheduledAt.toISOString(), last.id])).toString("base64url")
      : null;
  return { posts: page.map((row) => toView(row, threads.get(row.id))), nextCursor };
}

function readCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [string, string];
    const instant = new Date(at);
    if (typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id) && !Number.isNaN(instant.getTime()))
      return { at: instant, id };
  } catch {
    // Falls through to the refusal.
  }
  throw new PublicApiRefusal(
    "INVALID_INPUT",
    400,
    "Ungültiger Cursor. Bitte verwenden Sie nextCursor der letzten Antwort.",
  );
}
