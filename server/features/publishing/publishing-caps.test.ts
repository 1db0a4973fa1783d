import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { publications, publishingCaps } from "#server/db/schema/publishing.ts";
import { grantPlanByHand } from "#server/features/billing/billing-manual-grants.service.ts";
import type { NetworkId } from "#shared/networks.ts";
import type { CapPlan } from "#shared/publishing-caps.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { processPublication } from "./delivery.service.ts";
import { createPosts, updatePost } from "./publishing.service.ts";
import { berlinMonth } from "./publishing-caps.ts";

// The operator's monthly cap per plan and network (ADR 0053, "Kontingent je Plan"), on the real
// database (PGlite, or PostgreSQL with TEST_DATABASE_URL): refused with 409 when planning, and
// failed instead of sent by the queue when the month is full by the time the post is due.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  t = await createPublishingTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(publishingCaps);
});

async function setCap(plan: CapPlan, network: NetworkId, monthlyMax: number) {
  await t.db.insert(publishingCaps).values({ plan, network, monthlyMax });
}

/** A user with a connected account, planning posts at a fixed clock (well before the months used). */
async function poster(network: NetworkId) {
  const userId = await t.createUser();
  const accountId = await t.connectAccount(userId, network);
  const plan = (date: string, time: string) =>
    createPosts(
      t.deps,
      userId,
      { targets: [{ accountId, text: "Geplant" }], plannedFor: { date, time } },
      new Date("2099-01-01T00:00:00Z"),
    ).then(
      () => "planned",
      (error: unknown) => error,
    );
  return { userId, accountId, plan };
}

const refused = (message: string) => expect.objectContaining({ status: 409, code: "PUBLISHING_CAP_REACHED", message });

describe("planning under a cap", () => {
  it("counts planned posts and refuses the one over the cap with a German 409 and a stable code", async () => {
    await setCap("free", "x", 2);
    const anna = await poster("x");
    expect(await anna.plan("2099-03-02", "09:00")).toBe("planned");
    expect(await anna.plan("2099-03-20", "09:00")).toBe("planned");

    expect(await anna.plan("2099-03-31", "18:00")).toEqual(
      refused(
        "Ihr Plan erlaubt höchstens 2 Beiträge im Monat über X. Für März 2099 sind sie schon gesendet oder geplant.",
      ),
    );
    // Nothing of the refused post was written, and the next month is free again.
    const rows = await t.db.select().from(publications).where(eq(publications.userId, anna.userId));
    expect(rows).toHaveLength(2);
    expect(await anna.plan("2099-04-01", "09:00")).toBe("planned");
  });

  it("lets exactly the cap's number through when plannings of one user arrive at once (PostgreSQL: they race)", async () => {
    await setCap("free", "x", 3);
    const anna = await poster("x");
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => anna.plan("2099-05-04", `09:0${i}`)));
    expect(outcomes.filter((outcome) => outcome === "planned")).toHaveLength(3);
    for (const outcome of outcomes.filter((outcome) => outcome !== "planned"))
      expect(outcome).toEqual(expect.objectContaining({ status: 409, code: "PUBLISHING_CAP_REACHED" }));
    expect(await t.db.$count(publications, eq(publications.userId, anna.userId))).toBe(3);
  });

  it("counts by the calendar month in Europe/Berlin, not in UTC", async () => {
    await setCap("free", "x", 1);
    const ben = await poster("x");
    // 00:15 on 1 December in Berlin is still 30 November in UTC.
    expect(await ben.plan("2099-11-30", "23:30")).toBe("planned");
    expect(await ben.plan("2099-12-01", "00:15")).toBe("planned");
    expect(await ben.plan("2099-12-31", "23:59")).toMatchObject({ status: 409 });
    expect(await ben.plan("2099-11-01", "00:00")).toMatchObject({ status: 409 });
    expect(berlinMonth(new Date("2099-11-30T23:15:00Z"))).toEqual({
      start: new Date("2099-11-30T23:00:00Z"),
      end: new Date("2099-12-31T23:00:00Z"),
    });
    // Summer time: the month starts at 22:00 UTC the day before.
    expect(berlinMonth(new Date("2099-07-15T12:00:00Z")).start).toEqual(new Date("2099-06-30T22:00:00Z"));
  });

  it("has no cap without a value, turns a network off with 0, and gives the highest cap of a user's plans", async () => {
    const carla = await poster("bluesky");
    for (let day = 1; day <= 5; day++) expect(await carla.plan(`2099-05-0${day}`, "09:00")).toBe("planned");

    await setCap("free", "linkedin", 0);
    await setCap("generator_pro", "linkedin", 3);
    const dora = await poster("linkedin");
    expect(await dora.plan("2099-05-01", "09:00")).toEqual(
      refused("Über LinkedIn können Sie mit Ihrem Plan nicht veröffentlichen."),
    );
    const until = new Date("2100-01-01T00:00:00Z");
    await grantPlanByHand(t.db, dora.userId, "generator_pro", dora.userId, until);
    for (let day = 1; day <= 3; day++) expect(await dora.plan(`2099-05-0${day}`, "09:00")).toBe("planned");
    expect(await dora.plan("2099-05-04", "09:00")).toMatchObject({ status: 409 });
    // Optimizer Premium has no cap for LinkedIn: with it, none applies.
    await grantPlanByHand(t.db, dora.userId, "optimizer_premium", dora.userId, until);
    expect(await dora.plan("2099-05-04", "09:00")).toBe("planned");
  });

  it("checks a new time when rescheduling, but not an edit of the text", async () => {
    const NOW = new Date("2099-01-10T09:00:00Z");
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const plan = async (date: string) => {
      const [post] = await createPosts(
        t.deps,
        userId,
        { targets: [{ accountId, text: "Hin und her" }], plannedFor: { date, time: "10:00" } },
        NOW,
      );
      return post ?? expect.unreachable();
    };
    await plan("2099-02-01");
    const january = await plan("2099-01-20");
    await setCap("free", "x", 1);

    await expect(
      updatePost(t.deps, userId, january.id, { plannedFor: { date: "2099-02-15", time: "10:00" } }, NOW),
    ).rejects.toMatchObject({ code: "PUBLISHING_CAP_REACHED", status: 409 });
    expect((await t.publication(january.id)).scheduledAt).toEqual(new Date("2099-01-20T09:00:00Z"));
    await updatePost(t.deps, userId, january.id, { plannedFor: { date: "2099-01-25", time: "10:00" } }, NOW);
    await t.db.delete(publishingCaps);
    await setCap("free", "x", 0);
    const edited = await updatePost(t.deps, userId, january.id, { text: "Nur der Text" }, NOW);
    expect(edited.text).toBe("Nur der Text");
  });
});

describe("sending under a cap", () => {
  it("fails a due post with a German detail when the month's sent posts fill the cap, and sends nothing", async () => {
    const NOW = new Date("2026-11-18T09:00:00Z");
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const [first, second] = await createPosts(
      t.deps,
      userId,
      { targets: [{ accountId, text: "Erster" }], plannedFor: { date: "2026-11-18", time: "11:00" } },
      NOW,
    ).then(async (one) => [
      ...one,
      ...(await createPosts(
        t.deps,
        userId,
        { targets: [{ accountId, text: "Zweiter" }], plannedFor: { date: "2026-11-18", time: "12:00" } },
        NOW,
      )),
    ]);
    if (!first || !second) throw new Error("no posts");
    // The operator lowers the cap after both were planned: the first still goes out, the second not.
    await setCap("free", "x", 1);
    const calls = t.networks.x.publishCalls;
    await processPublication(t.deps, first.id, new Date("2026-11-18T10:00:00Z"));
    await processPublication(t.deps, second.id, new Date("2026-11-18T11:00:00Z"));

    expect((await t.publication(first.id)).status).toBe("sent");
    const refused = await t.publication(second.id);
    expect(refused.status).toBe("failed");
    expect(refused.detail).toBe(
      "Der Beitrag wurde nicht gesendet: Ihr Plan erlaubt höchstens 1 Beiträge im Monat über X, und die sind in diesem Monat schon gesendet.",
    );
    expect(t.networks.x.publishCalls).toBe(calls + 1);
    expect(t.mails.filter((mail) => mail.to === `${userId}@example.test`)).toHaveLength(1);
  });

  it("counts the posts sent in the Berlin month of the send, so the next month sends again", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const NOW = new Date("2026-11-18T09:00:00Z");
    const [sent] = await createPosts(t.deps, userId, { targets: [{ accountId, text: "November" }] }, NOW);
    const [december] = await createPosts(
      t.deps,
      userId,
      { targets: [{ accountId, text: "Dezember" }], plannedFor: { date: "2026-12-01", time: "00:30" } },
      NOW,
    );
    if (!sent || !december) throw new Error("no posts");
    await processPublication(t.deps, sent.id, NOW);
    await setCap("free", "x", 1);
    // 00:30 in Berlin on 1 December is 23:30 UTC on 30 November.
    await processPublication(t.deps, december.id, new Date("2026-11-30T23:30:00Z"));
    expect((await t.publication(december.id)).status).toBe("sent");
  });
});
