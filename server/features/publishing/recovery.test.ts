import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { publications } from "#server/db/schema/publishing.ts";
import type { PublicationView } from "#shared/publishing.schemas.ts";
import { PUBLISHING_ERRORS } from "#shared/publishing.ts";
import { failureText } from "#shared/publishing-failures.ts";
import { toWallTime } from "#shared/wall-time.ts";
import { TEST_BASE_URL } from "../../../tests/setup/test-app.ts";
import { waitForMail } from "../../../tests/support/outbox.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { processPublication } from "./delivery.service.ts";
import { sweepPublications } from "./publishing-sweep.ts";

// ADR 0093: a failed post says in German why and what to do, keeps the network's words, and goes
// out again with "Erneut senden"; a post in doubt only once its owner confirmed it is not there.
// Through the real Hono app and database, with a scripted network.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;
let cookie: string;
let userId: string;
let accountId: string;

const DUPLICATE = "You are not allowed to create a Tweet with duplicate content.";

beforeAll(async () => {
  // The product's own mailer, so the confirmation link of the sign-up is in the outbox.
  t = await createPublishingTestApp({ overrides: { mailer: undefined } });
  cookie = await t.signUpAndConfirm("erneut@example.test");
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "erneut@example.test"));
  userId = row?.id ?? "";
  accountId = await t.connectAccount(userId, "x");
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, body?: unknown) =>
  t.request(path, { method: "POST", cookie, body: body === undefined ? undefined : JSON.stringify(body) });
const view = async (id: string) => (await (await t.request(`/api/posts/${id}`, { cookie })).json()) as PublicationView;
const sentTimes = (text: string) => t.networks.x.received.filter((received) => received.text === text).length;

describe("a post the network refused", () => {
  it("shows the German sentence and the original, and 'Erneut senden' sends it once", async () => {
    const failing = await t.insertPublication({ userId, accountId, network: "x", text: "Doppelt?" });
    t.networks.x.publishSteps.push({ do: "fail", kind: "rejected", detail: DUPLICATE, reason: "duplicate" });
    await processPublication(t.deps, failing.id);

    const failed = await view(failing.id);
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toBe("duplicate");
    expect(failed.detail).toBe(failureText("duplicate", "X"));
    expect(failed.failureOriginal).toBe(DUPLICATE);
    const mail = await waitForMail(t.dataDir, "erneut@example.test", (sent) => sent.subject.includes("nicht"));
    expect(mail.text.replace(/\s+/g, " ")).toContain(failureText("duplicate", "X"));
    expect(mail.links).toContain(`${TEST_BASE_URL}/redaktionsplan?beitrag=${failing.id}`);
    expect(sentTimes("Doppelt?")).toBe(0);

    const again = await post(`/api/posts/${failing.id}/send-now`);
    expect(again.status).toBe(200);
    const planned = (await again.json()) as PublicationView;
    expect([planned.status, planned.detail, planned.failureReason, planned.failureOriginal]).toEqual([
      "planned",
      null,
      null,
      null,
    ]);
    await processPublication(t.deps, failing.id);
    await processPublication(t.deps, failing.id);
    expect((await view(failing.id)).status).toBe("sent");
    expect(sentTimes("Doppelt?")).toBe(1);
  });

  it("goes out now although its planned time has passed, also through 'Neu planen' with that time", async () => {
    const past = new Date(Date.now() - 3 * 86_400_000);
    const first = await t.insertPublication({ userId, accountId, network: "x", text: "Vorgestern", due: past });
    await t.db.update(publications).set({ status: "failed" }).where(eq(publications.id, first.id));
    const now = await post(`/api/posts/${first.id}/send-now`);
    expect(now.status).toBe(200);
    await processPublication(t.deps, first.id);
    expect((await view(first.id)).status).toBe("sent");
    expect(sentTimes("Vorgestern")).toBe(1);

    // The dialog sends the time it shows: a failed post's unchanged past time is no refusal.
    const second = await t.insertPublication({ userId, accountId, network: "x", text: "Alte Zeit", due: past });
    await t.db.update(publications).set({ status: "failed" }).where(eq(publications.id, second.id));
    const replanned = await t.request(`/api/posts/${second.id}`, {
      method: "PATCH",
      cookie,
      body: JSON.stringify({ text: "Alte Zeit", plannedFor: toWallTime(past, "Europe/Berlin") }),
    });
    expect(replanned.status).toBe(200);
    await processPublication(t.deps, second.id);
    expect((await view(second.id)).status).toBe("sent");
  });
});

describe("a post in doubt ('unbestätigt')", () => {
  it("is never sent again without the owner's confirmation, and once with it", async () => {
    const doubtful = await t.insertPublication({ userId, accountId, network: "x", text: "Angekommen?" });
    await t.db.update(publications).set({ status: "unconfirmed" }).where(eq(publications.id, doubtful.id));

    const unconfirmed = await post(`/api/posts/${doubtful.id}/resend`, {});
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toEqual({
      error: PUBLISHING_ERRORS.RESEND_NOT_CONFIRMED,
      code: "RESEND_NOT_CONFIRMED",
    });
    expect((await post(`/api/posts/${doubtful.id}/send-now`)).status).toBe(409);
    expect((await post(`/api/posts/${doubtful.id}/resend`, { confirmedNotPublished: "ja" })).status).toBe(400);
    await sweepPublications(t.deps, new Date(Date.now() + 86_400_000));
    await processPublication(t.deps, doubtful.id, new Date(Date.now() + 86_400_000));
    expect((await view(doubtful.id)).status).toBe("unconfirmed");
    expect(sentTimes("Angekommen?")).toBe(0);

    const confirmed = await post(`/api/posts/${doubtful.id}/resend`, { confirmedNotPublished: true });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as PublicationView).status).toBe("planned");
    await processPublication(t.deps, doubtful.id);
    expect((await view(doubtful.id)).status).toBe("sent");
    expect(sentTimes("Angekommen?")).toBe(1);
    expect((await post(`/api/posts/${doubtful.id}/resend`, { confirmedNotPublished: true })).status).toBe(409);
  });

  it("leaves a thread in doubt to 'Fortsetzen', which looks on the network first", async () => {
    const thread = await t.insertPublication({ userId, accountId, network: "x", text: "Thread", postCount: 2 });
    await t.db.update(publications).set({ status: "unconfirmed" }).where(eq(publications.id, thread.id));
    expect((await post(`/api/posts/${thread.id}/resend`, { confirmedNotPublished: true })).status).toBe(409);
  });
});
