import { describe, expect, it } from "vitest";
import {
  allows,
  EDITABLE_STATUSES,
  FINAL_STATUSES,
  PUBLICATION_STATUSES,
  PUBLICATION_TRANSITIONS,
  type PublicationStatus,
} from "./publishing-states.ts";

// The state machine as data (ADR 0074): its shape, which the one writing function and the
// planner's buttons rely on.

const transitions = Object.values(PUBLICATION_TRANSITIONS);

describe("the publication state machine", () => {
  it("reaches every state from 'planned' and leaves no state but the final ones without a way on", () => {
    const reached = new Set<PublicationStatus>(["planned"]);
    for (let round = 0; round < PUBLICATION_STATUSES.length; round++)
      for (const { from, to } of transitions) if (from.some((state) => reached.has(state))) reached.add(to);
    expect([...reached].sort()).toEqual([...PUBLICATION_STATUSES].sort());
    for (const status of PUBLICATION_STATUSES) {
      const leaves = transitions.some(({ from }) => (from as readonly PublicationStatus[]).includes(status));
      expect(leaves).toBe(!FINAL_STATUSES.includes(status));
    }
  });

  it("lets only the queue send, and the user never move a post that is being sent or was sent", () => {
    expect(PUBLICATION_TRANSITIONS.claim.by).toBe("queue");
    expect(PUBLICATION_TRANSITIONS.accept.by).toBe("queue");
    for (const { from, by } of transitions)
      if (by === "user")
        expect(
          (from as readonly PublicationStatus[]).filter((state) => state === "sending" || state === "sent"),
        ).toEqual([]);
  });

  it("answers the planner's questions from the same table", () => {
    expect(EDITABLE_STATUSES).toEqual(["planned", "failed", "missed"]);
    expect(allows("sendNow", "missed")).toBe(true);
    expect(allows("sendNow", "planned")).toBe(false);
    expect(allows("resume", "unconfirmed")).toBe(true);
    expect(allows("cancel", "sending")).toBe(false);
  });
});
