import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { duePublications } from "./due-publications.ts";

// The list of due posts the e2e server reads to send them at its fake clock: planned posts only,
// each with the moment it fell due. Real database.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  t = await createPublishingTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("the e2e server's list of due posts", () => {
  it("names the planned posts due by then, with when each fell due", async () => {
    // Long before the other tests' posts, so that only these are found.
    const at = new Date("2001-05-01T12:00:00Z");
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "linkedin");
    const due = await t.insertPublication({ userId, accountId, network: "linkedin", text: "F", due: at });
    const early = new Date(at.getTime() - 60_000);
    const earlier = await t.insertPublication({ userId, accountId, network: "linkedin", text: "F", due: early });
    await t.insertPublication({ userId, accountId, network: "linkedin", text: "F", due: early, status: "sent" });
    await t.insertPublication({ userId, accountId, network: "linkedin", text: "F", due: early, status: "sending" });
    await t.insertPublication({ userId, accountId, network: "linkedin", text: "F", due: new Date(at.getTime() + 1) });
    const found = await duePublications(t.db, at);
    expect(found.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())).toEqual([
      { id: earlier.id, dueAt: early },
      { id: due.id, dueAt: at },
    ]);
  });
});
