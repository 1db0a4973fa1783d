import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { publishingCaps } from "#server/db/schema/publishing.ts";
import { recordAudit } from "#server/features/audit/audit.service.ts";
import { readCaps } from "#server/features/publishing/publishing-caps.ts";
import { NETWORK_IDS } from "#shared/networks.ts";
import type { UpdatePublishingCapsInput } from "#shared/publishing-caps.schemas.ts";
import { CAP_PLANS, type PublishingCaps } from "#shared/publishing-caps.ts";

// The operator's monthly caps per plan and network (ADR 0053, "Kontingent je Plan"). The panel
// sends the whole table with the one it showed; a save in between is refused (ADR 0024), and
// each change is audited in its own transaction.

export async function updatePublishingCaps(
  db: Database,
  adminId: string,
  input: UpdatePublishingCapsInput,
): Promise<{ status: "updated"; caps: PublishingCaps } | { status: "conflict" }> {
  return db.transaction(async (tx) => {
    // Plain reads (the planning and the queue) go on; a second save waits and then sees this one.
    await tx.execute(sql`lock table ${publishingCaps} in exclusive mode`);
    const before = await readCaps(tx);
    if (!sameCaps(before, input.expected)) return { status: "conflict" as const };
    if (sameCaps(before, input.caps)) return { status: "updated" as const, caps: before };
    await tx.delete(publishingCaps);
    const rows = CAP_PLANS.flatMap((plan) =>
      NETWORK_IDS.flatMap((network) => {
        const monthlyMax = input.caps[plan][network];
        return monthlyMax === null ? [] : [{ plan, network, monthlyMax }];
      }),
    );
    if (rows.length > 0) await tx.insert(publishingCaps).values(rows);
    await recordAudit(tx, {
      adminId,
      action: "publishing_caps.update",
      targetId: "publishing_caps",
      before,
      after: input.caps,
    });
    return { status: "updated" as const, caps: input.caps };
  });
}

function sameCaps(a: PublishingCaps, b: PublishingCaps): boolean {
  return CAP_PLANS.every((plan) => NETWORK_IDS.every((network) => a[plan][network] === b[plan][network]));
}
