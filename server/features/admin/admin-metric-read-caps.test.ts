import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog } from "#server/db/schema/admin-audit.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { readCapOf } from "#server/features/metrics/metric-reads.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { CAP_INVALID_MESSAGE, NO_PUBLISHING_CAPS, type PublishingCaps } from "#shared/publishing-caps.ts";
import { newestAuditEntry } from "../../../tests/setup/admin-audit.ts";
import {
  ADMIN_EMAIL,
  adminCookie,
  CUSTOMER_EMAIL,
  customerCookie,
  setUpAdminTestApp,
  t,
} from "../../../tests/setup/app-per-file.ts";

// The caps of the metrics' post reads per plan and network (ADR 0105) through the real app, in the
// form and route the publishing caps have (admin-caps.routes.ts): only admins, German 400, every
// change audited, a stale panel refused, and the metrics read the saved cap at once.

setUpAdminTestApp();

const PATH = "/api/admin/metric-read-caps";
const put = (body: unknown, cookie = adminCookie) =>
  t.request(PATH, { method: "PUT", body: JSON.stringify(body), cookie });

async function load(path = PATH): Promise<PublishingCaps> {
  const response = await t.request(path, { cookie: adminCookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { caps: PublishingCaps }).caps;
}

describe("GET and PUT /api/admin/metric-read-caps", () => {
  it("starts without caps and is for admins only", async () => {
    expect(await load()).toEqual(NO_PUBLISHING_CAPS);
    expect((await t.request(PATH, { cookie: customerCookie })).status).toBe(403);
    expect((await put({ caps: NO_PUBLISHING_CAPS, expected: NO_PUBLISHING_CAPS }, customerCookie)).status).toBe(403);
    expect((await t.request(PATH)).status).toBe(401);
  });

  it("refuses what is no cap with a German 400", async () => {
    const caps = structuredClone(NO_PUBLISHING_CAPS);
    (caps.free as Record<string, unknown>).x = -1;
    const response = await put({ caps, expected: NO_PUBLISHING_CAPS });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: CAP_INVALID_MESSAGE, code: "INVALID_INPUT" });
  });

  it("saves caps the metrics apply at once, audits them, leaves the publishing caps alone, refuses a stale save", async () => {
    const [customer] = await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, CUSTOMER_EMAIL));
    const customerId = customer?.id ?? "";
    expect(await readCapOf(t.db, customerId, "x")).toBeNull();

    const caps = structuredClone(NO_PUBLISHING_CAPS);
    caps.free.x = 500;
    caps.generator_pro.x = 5000;
    const saved = await put({ caps, expected: NO_PUBLISHING_CAPS });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ caps });
    expect(await load()).toEqual(caps);
    expect(await load("/api/admin/publishing-caps")).toEqual(NO_PUBLISHING_CAPS);
    // A customer without a paid plan gets the free plan's cap; Bluesky has none.
    expect(await readCapOf(t.db, customerId, "x")).toBe(500);
    expect(await readCapOf(t.db, customerId, "bluesky")).toBeNull();

    const { entry, adminId } = await newestAuditEntry(t, "metric_read_caps.update", ADMIN_EMAIL);
    expect(entry).toMatchObject({ adminId, targetId: "metric_read_caps", before: NO_PUBLISHING_CAPS, after: caps });

    const stale = await put({ caps: NO_PUBLISHING_CAPS, expected: NO_PUBLISHING_CAPS });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: ADMIN_MESSAGES.changedMeanwhile, code: "CHANGED_MEANWHILE" });
    expect(await load()).toEqual(caps);

    expect((await put({ caps: NO_PUBLISHING_CAPS, expected: caps })).status).toBe(200);
    expect(await readCapOf(t.db, customerId, "x")).toBeNull();
    const entries = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, "metric_read_caps"));
    expect(entries).toHaveLength(2);
  });
});
