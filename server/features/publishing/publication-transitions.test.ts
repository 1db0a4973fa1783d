import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publications, publicationThreadPosts } from "#server/db/schema/publishing.ts";
import {
  type Actor,
  type EventBy,
  PUBLICATION_STATUSES,
  PUBLICATION_TRANSITIONS,
  type PublicationEvent,
  type PublicationStatus,
  THREAD_POST_STATUSES,
  THREAD_POST_TRANSITIONS,
  type ThreadPostEvent,
} from "#shared/publishing-states.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { interruptThreadPosts, movePublication, moveThreadPost } from "./publication-transitions.ts";

// The state machine (ADR 0074) through the one function that writes a status: every event from
// every state, on the real database. A move from a state the event does not leave from changes
// nothing, in the same UPDATE.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;
let userId: string;
let accountId: string;

beforeAll(async () => {
  t = await createPublishingTestApp();
  userId = await t.createUser();
  accountId = await t.connectAccount(userId, "x");
});
afterAll(async () => {
  await t.close();
});

function postIn(status: PublicationStatus) {
  return t.insertPublication({ userId, accountId, network: "x", text: `In ${status}`, status, postCount: 2 });
}

const cases = (Object.keys(PUBLICATION_TRANSITIONS) as PublicationEvent[]).flatMap((event) =>
  PUBLICATION_STATUSES.map((status) => [event, status] as const),
);

describe("a publication's moves", () => {
  it.each(cases)("%s from %s: moves exactly when the state machine allows it", async (event, status) => {
    const post = await postIn(status);
    const { from, to, by } = PUBLICATION_TRANSITIONS[event];
    const moved = await movePublication(t.db, by as Actor, event as EventBy<Actor>, post.id, { detail: "bewegt" });
    const allowed = (from as readonly PublicationStatus[]).includes(status);
    expect(moved?.status ?? null).toBe(allowed ? to : null);
    const row = await t.publication(post.id);
    expect(row.status).toBe(allowed ? to : status);
    expect(row.detail).toBe(allowed ? "bewegt" : null);
  });

  it("moves only the post it names, and only with the caller's extra condition", async () => {
    const [first, second] = [await postIn("planned"), await postIn("planned")];
    if (!first || !second) throw new Error("no posts");
    expect(
      await movePublication(t.db, "user", "cancel", first.id, {}, eq(publications.userId, "someone-else")),
    ).toBeNull();
    expect((await movePublication(t.db, "user", "cancel", first.id))?.status).toBe("cancelled");
    expect((await t.publication(second.id)).status).toBe("planned");
  });

  it("refuses a move from a caller the state machine does not name for it, and changes nothing", async () => {
    const post = await postIn("planned");
    const actors: Actor[] = ["user", "queue", "sweep", "account"];
    for (const event of Object.keys(PUBLICATION_TRANSITIONS) as PublicationEvent[]) {
      for (const actor of actors.filter((candidate) => candidate !== PUBLICATION_TRANSITIONS[event].by)) {
        await expect(movePublication(t.db, actor, event as EventBy<Actor>, post.id)).rejects.toThrow(
          `${actor} may not make the move ${event}`,
        );
      }
    }
    expect((await t.publication(post.id)).status).toBe("planned");
  });

  it("lets only one of two racing workers make a move", async () => {
    const post = await postIn("planned");
    const moves = await Promise.all([
      movePublication(t.db, "queue", "claim", post.id),
      movePublication(t.db, "queue", "claim", post.id),
    ]);
    expect(moves.filter((move) => move !== null)).toHaveLength(1);
  });
});

const threadCases = (Object.keys(THREAD_POST_TRANSITIONS) as ThreadPostEvent[]).flatMap((event) =>
  THREAD_POST_STATUSES.map((status) => [event, status] as const),
);

describe("a thread post's moves", () => {
  it.each(threadCases)("%s from %s: moves exactly when the state machine allows it", async (event, status) => {
    const publication = await postIn("sending");
    await t.db.insert(publicationThreadPosts).values([
      { publicationId: publication.id, position: 1, text: "Eins", status },
      { publicationId: publication.id, position: 2, text: "Zwei", status },
    ]);
    const { from, to } = THREAD_POST_TRANSITIONS[event];
    const moved = await moveThreadPost(t.db, event, { publicationId: publication.id, position: 1 });
    const allowed = (from as readonly string[]).includes(status);
    expect(moved?.status ?? null).toBe(allowed ? to : null);
    const rows = await t.db
      .select()
      .from(publicationThreadPosts)
      .where(eq(publicationThreadPosts.publicationId, publication.id))
      .orderBy(publicationThreadPosts.position);
    expect(rows.map((row) => row.status)).toEqual([allowed ? to : status, status]);
  });
});

describe("a thread whose server died mid-call", () => {
  it("puts its posts being sent in doubt, and no other post of it or of another thread", async () => {
    const [dead, other] = [await postIn("sending"), await postIn("sending")];
    const posts = (publicationId: string) =>
      THREAD_POST_STATUSES.map((status, index) => ({ publicationId, position: index + 1, text: status, status }));
    await t.db.insert(publicationThreadPosts).values([...posts(dead.id), ...posts(other.id)]);
    await interruptThreadPosts(t.db, dead.id);
    const statuses = async (publicationId: string) =>
      (
        await t.db
          .select()
          .from(publicationThreadPosts)
          .where(eq(publicationThreadPosts.publicationId, publicationId))
          .orderBy(publicationThreadPosts.position)
      ).map((row) => row.status);
    expect(await statuses(dead.id)).toEqual(["pending", "unconfirmed", "sent", "unconfirmed"]);
    expect(await statuses(other.id)).toEqual([...THREAD_POST_STATUSES]);
  });
});
