import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog } from "#server/db/schema/admin-audit.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { isApiErrorCode } from "#shared/api-errors.ts";
import {
  CAP_INVALID_MESSAGE,
  NO_PUBLISHING_CAPS,
  type PublishingCaps,
  type PublishingOffer,
} from "#shared/publishing-caps.ts";
import { newestAuditEntry } from "../../../tests/setup/admin-audit.ts";
import { ADMIN_EMAIL, adminCookie, customerCookie, setUpAdminTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { mondayAhead } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";

// The operator's monthly caps per plan and network (ADR 0053, "Kontingent je Plan") through the
// real app: only admins read and change them, every change is audited, a stale panel is refused,
// and a saved cap applies to the next post at once.

setUpAdminTestApp({ overrides: { networks: createScriptedNetworks() } });

const PATH = "/api/admin/publishing-caps";
const put = (body: unknown, cookie = adminCookie) =>
  t.request(PATH, { method: "PUT", body: JSON.stringify(body), cookie });

async function load(): Promise<PublishingCaps> {
  const response = await t.request(PATH, { cookie: adminCookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { caps: PublishingCaps }).caps;
}

const withCap = (caps: PublishingCaps, change: (next: PublishingCaps) => void): PublishingCaps => {
  const next = structuredClone(caps);
  change(next);
  return next;
};

describe("GET and PUT /api/admin/publishing-caps", () => {
  it("starts without caps and is for admins only", async () => {
    expect(await load()).toEqual(NO_PUBLISHING_CAPS);
    expect((await t.request(PATH, { cookie: customerCookie })).status).toBe(403);
    expect((await put({ caps: NO_PUBLISHING_CAPS, expected: NO_PUBLISHING_CAPS }, customerCookie)).status).toBe(403);
    expect((await t.request(PATH)).status).toBe(401);
  });

  it("refuses what is no cap with a German 400", async () => {
    for (const bad of [-1, 1.5, 1_000_001, "5", 2 ** 31]) {
      const caps = withCap(NO_PUBLISHING_CAPS, (next) => {
        (next.free as Record<string, unknown>).x = bad;
      });
      const response = await put({ caps, expected: await load() });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: CAP_INVALID_MESSAGE, code: "INVALID_INPUT" });
    }
    const missing = await put({ caps: "keine", expected: await load() });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: ADMIN_MESSAGES.invalidInput, code: "INVALID_INPUT" });
  });

  it("saves a cap, audits who changed it from what to what, and refuses a save over a newer one", async () => {
    const before = await load();
    const caps = withCap(before, (next) => {
      next.free.x = 0;
      next.generator_pro.x = 100;
    });
    const saved = await put({ caps, expected: before });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ caps });
    expect(await load()).toEqual(caps);

    const { entry, adminId } = await newestAuditEntry(t, "publishing_caps.update", ADMIN_EMAIL);
    expect(entry).toMatchObject({ adminId, targetId: "publishing_caps", before, after: caps });

    // A panel that still shows the old caps does not overwrite the new ones, and leaves no entry.
    const entries = async () =>
      (await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, "publishing_caps"))).length;
    const count = await entries();
    const stale = await put({ caps: before, expected: before });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: ADMIN_MESSAGES.changedMeanwhile, code: "CHANGED_MEANWHILE" });
    expect(await load()).toEqual(caps);
    expect(await entries()).toBe(count);

    // Back to no cap: the rows go, and the change is audited as well.
    expect((await put({ caps: NO_PUBLISHING_CAPS, expected: caps })).status).toBe(200);
    expect(await load()).toEqual(NO_PUBLISHING_CAPS);
    expect(await entries()).toBe(count + 1);
  });

  it("applies a saved cap to the next post: POST /api/posts answers 409 with the code", async () => {
    const connected = await t.request("/api/connections/bluesky/app-password", {
      method: "POST",
      cookie: customerCookie,
      body: JSON.stringify({ identifier: "planerin.bsky.social", appPassword: "app-pass-word" }),
    });
    expect(connected.status).toBe(201);
    const { accountId } = (await connected.json()) as { accountId: string };
    const post = () =>
      t.request("/api/posts", {
        method: "POST",
        cookie: customerCookie,
        body: JSON.stringify({
          targets: [{ accountId, text: "Hallo" }],
          plannedFor: { date: mondayAhead(), time: "09:00" },
        }),
      });
    expect((await post()).status).toBe(201);

    const current = await load();
    const caps = withCap(current, (next) => {
      next.free.bluesky = 1;
    });
    expect((await put({ caps, expected: current })).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: string; code: string };
    expect(body).toEqual({
      error: `Ihr Plan erlaubt höchstens 1 Beiträge im Monat über Bluesky. Für ${monthName(mondayAhead())} sind sie schon gesendet oder geplant.`,
      code: "PUBLISHING_CAP_REACHED",
    });
    expect(isApiErrorCode(body.code)).toBe(true);
  });

  it("shows every visitor what each plan includes on /preise (GET /api/publishing-offer, no session)", async () => {
    const current = await load();
    const caps = withCap(current, (next) => {
      next.free.x = 10;
      next.generator_pro.x = 200;
      next.optimizer_premium.x = 5; // lower than "free": everyone has "free", so 10 applies
      next.free.linkedin = 0;
    });
    expect((await put({ caps, expected: current })).status).toBe(200);

    const response = await t.request("/api/publishing-offer");
    expect(response.status).toBe(200);
    const offer = (await response.json()) as PublishingOffer;
    expect(offer.networks.map(({ id, configured }) => ({ id, configured }))).toEqual([
      { id: "x", configured: true },
      { id: "linkedin", configured: true },
      { id: "bluesky", configured: true },
      { id: "facebook", configured: true },
      { id: "instagram", configured: true },
      { id: "threads", configured: true },
      { id: "mastodon", configured: true },
    ]);
    const capsOf = (plan: string) => offer.plans.find((entry) => entry.id === plan)?.caps;
    expect(capsOf("free")).toMatchObject({ x: 10, linkedin: 0, bluesky: current.free.bluesky });
    expect(capsOf("generator_pro")?.x).toBe(200);
    expect(capsOf("optimizer_premium")?.x).toBe(10);
    expect(offer.plans.map((plan) => plan.label)).toEqual([
      "Kostenlos",
      "Beitragsgenerator Pro",
      "X-Post Optimizer Premium",
    ]);
  });
});

/** "Juni 2099": the month of a Berlin date as the refusal names it. */
function monthName(date: string): string {
  return new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: "Europe/Berlin" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
