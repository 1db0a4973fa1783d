import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { metricReadCaps } from "#server/db/schema/metrics.ts";
import { publishingCaps } from "#server/db/schema/publishing.ts";
import { recordAudit } from "#server/features/audit/audit.service.ts";
import type { AuditAction } from "#shared/admin.ts";
import { NETWORK_IDS } from "#shared/networks.ts";
import type { UpdatePublishingCapsInput } from "#shared/publishing-caps.schemas.ts";
import { CAP_PLANS, capsFromRows, type PublishingCaps } from "#shared/publishing-caps.ts";

// The operator's monthly caps per plan and network, two tables of one shape: posts published
// (ADR 0053, "Kontingent je Plan") and posts read for the metrics (ADR 0105). No row no cap, 0
// nothing for the plan. The panel sends the whole table with the one it showed; a save in
// between is refused (ADR 0024), and each change is audited in its own transaction.

export const CAP_TABLES = {
  publishing: { table: publishingCaps, action: "publishing_caps.update", targetId: "publishing_caps" },
  reads: { table: metricReadCaps, action: "metric_read_caps.update", targetId: "metric_read_caps" },
} as const satisfies Record<string, { table: unknown; action: AuditAction; targetId: string }>;
export type CapKind = keyof typeof CAP_TABLES;

export async function readCapTable(db: Database, kind: CapKind): Promise<PublishingCaps> {
  const { table } = CAP_TABLES[kind];
  // A row of a plan or network that no longer exists is not shown (and goes with the next save).
  const rows = await db.select({ plan: table.plan, network: table.network, monthlyMax: table.monthlyMax }).from(table);
  return capsFromRows(rows);
}

export async function updateCaps(
  db: Database,
  adminId: string,
  kind: CapKind,
  input: UpdatePublishingCapsInput,
): Promise<{ status: "updated"; caps: PublishingCaps } | { status: "conflict" }> {
  const { table, action, targetId } = CAP_TABLES[kind];
  return db.transaction(async (tx) => {
    // Plain reads (the planning, the queue, the metrics) go on; a second save waits and then sees this one.
    await tx.execute(sql`lock table ${table} in exclusive mode`);
    const before = await readCapTable(tx, kind);
    if (!sameCaps(before, input.expected)) return { status: "conflict" as const };
    if (sameCaps(before, input.caps)) return { status: "updated" as const, caps: before };
    await tx.delete(table);
    const rows = CAP_PLANS.flatMap((plan) =>
      NETWORK_IDS.flatMap((network) => {
        const monthlyMax = input.caps[plan][network];
        return monthlyMax === null ? [] : [{ plan, network, monthlyMax }];
      }),
    );
    if (rows.length > 0) await tx.insert(table).values(rows);
    await recordAudit(tx, { adminId, action, targetId, before, after: input.caps });
    return { status: "updated" as const, caps: input.caps };
  });
}

function sameCaps(a: PublishingCaps, b: PublishingCaps): boolean {
  return CAP_PLANS.every((plan) => NETWORK_IDS.every((network) => a[plan][network] === b[plan][network]));
}
