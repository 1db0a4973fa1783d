import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Refusal } from "#server/api-error.ts";
import type { Database } from "#server/db/client.ts";
import { promptConfigurations, tokenConfigurations } from "#server/db/schema/generator.ts";
import { recordAudit } from "#server/features/audit/audit.service.ts";
import { GENERATOR_CONFIGURATION_NAME } from "#server/features/generator/generator-prompts.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import type { ApiErrorCode } from "#shared/api-errors.ts";
import type {
  CreatePromptConfigurationSchema,
  CreateTokenConfigurationSchema,
  UpdatePromptConfigurationSchema,
  UpdateTokenConfigurationSchema,
} from "#shared/generator-configurations.schemas.ts";
import { CONFIGURATION_MESSAGES } from "#shared/generator-configurations.ts";
import { isUuid } from "#shared/ids.ts";

// The admin's prompt and token configurations (spec sections 3 and 7, ADR 0024). The generator
// reads the row named GENERATOR_CONFIGURATION_NAME on every run, without a cache, so a saved
// change is used from the next generation on, by every app server. That row may therefore be
// edited but neither renamed nor deleted.

type Failure = Refusal<404 | 409>;
export type Result<T> = { ok: true; configuration: T } | Failure;

function refusal(status: 404 | 409, code: ApiErrorCode, error: string): Failure {
  return { ok: false, status, code, error };
}
const notFound = refusal(404, "NOT_FOUND", ADMIN_MESSAGES.notFound);
const changedMeanwhile = refusal(409, "CHANGED_MEANWHILE", ADMIN_MESSAGES.changedMeanwhile);
const nameTaken = refusal(409, "NAME_TAKEN", CONFIGURATION_MESSAGES.nameTaken);
const inUseRename = refusal(409, "CONFIGURATION_IN_USE", CONFIGURATION_MESSAGES.inUseRename);
const inUseDelete = refusal(409, "CONFIGURATION_IN_USE", CONFIGURATION_MESSAGES.inUseDelete);

type PromptRow = typeof promptConfigurations.$inferSelect;
type TokenRow = typeof tokenConfigurations.$inferSelect;

/** What the audit log records: plain JSON, dates as ISO strings. The API adds `inUse`. */
function toPromptConfiguration(row: PromptRow) {
  return {
    id: row.id,
    name: row.name,
    systemPrompt: row.systemPrompt,
    userPrompt: row.userPrompt,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toTokenConfiguration(row: TokenRow) {
  return {
    id: row.id,
    name: row.name,
    maxTokens: row.maxTokens,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const isInUse = (name: string) => name === GENERATOR_CONFIGURATION_NAME;

function withUse<T extends { name: string }>(snapshot: T): T & { inUse: boolean } {
  return { ...snapshot, inUse: isInUse(snapshot.name) };
}

export type PromptConfiguration = ReturnType<typeof toPromptConfiguration> & { inUse: boolean };
export type TokenConfiguration = ReturnType<typeof toTokenConfiguration> & { inUse: boolean };

/**
 * ADR 0024: the version the admin loaded, compared to the millisecond, because the browser's
 * ISO string has no more precision while PostgreSQL stores microseconds.
 */
function hasVersion(column: PgColumn, loaded: string): SQL {
  return sql`date_trunc('milliseconds', ${column}) = ${loaded}::timestamptz`;
}

/** Always later than the version before, also within the same millisecond, so no stale save matches. */
function nextVersion(column: PgColumn): SQL<Date> {
  return sql<Date>`greatest(now(), ${column} + interval '1 millisecond')`;
}

// node-postgres and PGlite both put the SQLSTATE on the error; drizzle wraps it in `cause`.
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

async function refusingDuplicateNames<T>(change: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken;
    throw error;
  }
}

// --- prompt_configurations ---------------------------------------------------------------

export async function listPromptConfigurations(db: Database) {
  const rows = await db
    .select()
    .from(promptConfigurations)
    .orderBy(asc(promptConfigurations.createdAt), asc(promptConfigurations.id));
  return rows.map((row) => withUse(toPromptConfiguration(row)));
}

export function createPromptConfiguration(
  db: Database,
  adminId: string,
  input: z.output<typeof CreatePromptConfigurationSchema>,
): Promise<Result<PromptConfiguration>> {
  return refusingDuplicateNames(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(promptConfigurations).values(input).returning();
      if (!row) throw new Error("INSERT lieferte keine Zeile");
      const configuration = toPromptConfiguration(row);
      await recordAudit(tx, {
        adminId,
        action: "prompt.create",
        targetId: row.id,
        before: null,
        after: configuration,
      });
      return { ok: true, configuration: withUse(configuration) };
    }),
  );
}

export function updatePromptConfiguration(
  db: Database,
  adminId: string,
  id: string,
  input: z.output<typeof UpdatePromptConfigurationSchema>,
): Promise<Result<PromptConfiguration>> {
  if (!isUuid(id)) return Promise.resolve(notFound);
  const { updatedAt, ...values } = input;
  return refusingDuplicateNames(() =>
    db.transaction(async (tx): Promise<Result<PromptConfiguration>> => {
      const [before] = await tx
        .select()
        .from(promptConfigurations)
        .where(eq(promptConfigurations.id, id))
        .for("update");
      if (!before) return notFound;
      if (isInUse(before.name) && values.name !== before.name) return inUseRename;
      const [after] = await tx
        .update(promptConfigurations)
        .set({ ...values, updatedAt: nextVersion(promptConfigurations.updatedAt) })
        .where(and(eq(promptConfigurations.id, id), hasVersion(promptConfigurations.updatedAt, updatedAt)))
        .returning();
      if (!after) return changedMeanwhile;
      const configuration = toPromptConfiguration(after);
      await recordAudit(tx, {
        adminId,
        action: "prompt.update",
        targetId: id,
        before: toPromptConfiguration(before),
        after: configuration,
      });
      return { ok: true, configuration: withUse(configuration) };
    }),
  );
}

export async function deletePromptConfiguration(
  db: Database,
  adminId: string,
  id: string,
): Promise<Result<PromptConfiguration>> {
  if (!isUuid(id)) return notFound;
  return db.transaction(async (tx): Promise<Result<PromptConfiguration>> => {
    const [before] = await tx.select().from(promptConfigurations).where(eq(promptConfigurations.id, id)).for("update");
    if (!before) return notFound;
    if (isInUse(before.name)) return inUseDelete;
    await tx.delete(promptConfigurations).where(eq(promptConfigurations.id, id));
    const configuration = toPromptConfiguration(before);
    await recordAudit(tx, { adminId, action: "prompt.delete", targetId: id, before: configuration, after: null });
    return { ok: true, configuration: withUse(configuration) };
  });
}

// --- token_configurations ----------------------------------------------------------------

export async function listTokenConfigurations(db: Database) {
  const rows = await db
    .select()
    .from(tokenConfigurations)
    .orderBy(asc(tokenConfigurations.createdAt), asc(tokenConfigurations.id));
  return rows.map((row) => withUse(toTokenConfiguration(row)));
}

export function createTokenConfiguration(
  db: Database,
  adminId: string,
  input: z.output<typeof CreateTokenConfigurationSchema>,
): Promise<Result<TokenConfiguration>> {
  return refusingDuplicateNames(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(tokenConfigurations).values(input).returning();
      if (!row) throw new Error("INSERT lieferte keine Zeile");
      const configuration = toTokenConfiguration(row);
      await recordAudit(tx, { adminId, action: "token.create", targetId: row.id, before: null, after: configuration });
      return { ok: true, configuration: withUse(configuration) };
    }),
  );
}

export function updateTokenConfiguration(
  db: Database,
  adminId: string,
  id: string,
  input: z.output<typeof UpdateTokenConfigurationSchema>,
): Promise<Result<TokenConfiguration>> {
  if (!isUuid(id)) return Promise.resolve(notFound);
  const { updatedAt, ...values } = input;
  return refusingDuplicateNames(() =>
    db.transaction(async (tx): Promise<Result<TokenConfiguration>> => {
      const [before] = await tx.select().from(tokenConfigurations).where(eq(tokenConfigurations.id, id)).for("update");
      if (!before) return notFound;
      if (isInUse(before.name) && values.name !== before.name) return inUseRename;
      const [after] = await tx
        .update(tokenConfigurations)
        .set({ ...values, updatedAt: nextVersion(tokenConfigurations.updatedAt) })
        .where(and(eq(tokenConfigurations.id, id), hasVersion(tokenConfigurations.updatedAt, updatedAt)))
        .returning();
      if (!after) return changedMeanwhile;
      const configuration = toTokenConfiguration(after);
      await recordAudit(tx, {
        adminId,
        action: "token.update",
        targetId: id,
        before: toTokenConfiguration(before),
        after: configuration,
      });
      return { ok: true, configuration: withUse(configuration) };
    }),
  );
}

export async function deleteTokenConfiguration(
  db: Database,
  adminId: string,
  id: string,
): Promise<Result<TokenConfiguration>> {
  if (!isUuid(id)) return notFound;
  return db.transaction(async (tx): Promise<Result<TokenConfiguration>> => {
    const [before] = await tx.select().from(tokenConfigurations).where(eq(tokenConfigurations.id, id)).for("update");
    if (!before) return notFound;
    if (isInUse(before.name)) return inUseDelete;
    await tx.delete(tokenConfigurations).where(eq(tokenConfigurations.id, id));
    const configuration = toTokenConfiguration(before);
    await recordAudit(tx, { adminId, action: "token.delete", targetId: id, before: configuration, after: null });
    return { ok: true, configuration: withUse(configuration) };
  });
}
