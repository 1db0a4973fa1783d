import { and, eq, lte } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { publications } from "#server/db/schema/publishing.ts";

/** Posts due now or earlier that are still planned, with when each fell due, for the e2e server's test clock. */
export async function duePublications(db: AppDeps["db"], now: Date): Promise<{ id: string; dueAt: Date }[]> {
  return db
    .select({ id: publications.id, dueAt: publications.nextAttemptAt })
    .from(publications)
    .where(and(eq(publications.status, "planned"), lte(publications.nextAttemptAt, now)));
}
