import crypto from "node:crypto";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { apiActivity, apiKeys } from "#server/db/schema/public-api.ts";
import type { CreateApiKeyInput } from "#shared/public-api.schemas.ts";
import {
  API_KEY_PREFIX,
  API_KEY_VISIBLE_LENGTH,
  API_KEYS_PER_USER_MAX,
  type ApiActivityView,
  type ApiKeyView,
  type ApiScope,
} from "#shared/public-api.ts";
import { PublicApiRefusal } from "./public-api-refusal.ts";

// Personal API keys (ADR 0107): 32 random bytes behind a visible prefix, shown once; only their
// SHA-256 is stored. A hash of a key with 256 bits of entropy needs no slow hash or salt, and the
// lookup by hash leaks nothing a constant-time compare would protect.

type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Who a request comes from, as the API's middleware and the MCP server know it: a personal key
 * (keyId) or an app the user authorised through OAuth (keyId null, ADR 0113).
 */
export type ApiCaller = {
  keyId: string | null;
  /** The key's name or the app's, for the activity log. */
  keyName: string;
  /**
   * The caller as the per-minute limit and the Idempotency-Keys know it (ADR 0109): the key's id,
   * or `oauth:<client>:<user>` for an app and this user.
   */
  callerKey: string;
  userId: string;
  scopes: ApiScope[];
  directScheduling: boolean;
};

export function hashApiKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}

export async function createApiKey(
  db: Database,
  userId: string,
  input: CreateApiKeyInput,
): Promise<{ key: string; apiKey: ApiKeyView }> {
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const row = await db.transaction(async (tx) => {
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= API_KEYS_PER_USER_MAX) throw new PublicApiRefusal("API_KEY_LIMIT_REACHED", 409);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        userId,
        name: input.name,
        prefix: key.slice(0, API_KEY_VISIBLE_LENGTH),
        keyHash: hashApiKey(key),
        scopes: input.scopes,
        directScheduling: input.directScheduling,
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error("API-Schlüssel nicht angelegt");
  return { key, apiKey: toKeyView(row) };
}

export async function listApiKeys(db: Database, userId: string): Promise<ApiKeyView[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
  return rows.map(toKeyView);
}

export async function revokeApiKey(db: Database, userId: string, id: string, now = new Date()): Promise<ApiKeyView> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new PublicApiRefusal("API_KEY_NOT_FOUND", 404);
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (row) return toKeyView(row);
  const [existing] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
  if (!existing) throw new PublicApiRefusal("API_KEY_NOT_FOUND", 404);
  return toKeyView(existing);
}

/** The caller behind a presented key; null for an unknown or revoked one. Notes the use (at most once a minute). */
export async function callerOf(db: Database, presented: string, now = new Date()): Promise<ApiCaller | null> {
  if (!presented.startsWith(API_KEY_PREFIX)) return null;
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashApiKey(presented)));
  if (!row || row.revokedAt) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000)
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.id));
  return {
    keyId: row.id,
    keyName: row.name,
    callerKey: row.id,
    userId: row.userId,
    scopes: row.scopes,
    directScheduling: row.directScheduling,
  };
}

/** One line in the account's API activity: what a key did (REST writes, every MCP tool call). */
export async function logApiActivity(db: Database, caller: ApiCaller, action: string, detail?: string | null) {
  await db
    .insert(apiActivity)
    .values({ userId: caller.userId, keyId: caller.keyId, keyName: caller.keyName, action, detail: detail ?? null });
}

export async function listApiActivity(db: Database, userId: string, limit = 50): Promise<ApiActivityView[]> {
  const rows = await db
    .select()
    .from(apiActivity)
    .where(eq(apiActivity.userId, userId))
    .orderBy(desc(apiActivity.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    keyName: row.keyName,
    action: row.action,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
  }));
}

function toKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    directScheduling: row.directScheduling,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
