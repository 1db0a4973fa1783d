import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  allows,
  DRAFT_TRANSITIONS,
  EDITABLE_STATUSES,
  FINAL_STATUSES,
  PUBLICATION_STATUS_LABELS,
  PUBLICATION_STATUSES,
  PUBLICATION_TRANSITIONS,
  type PublicationStatus,
  THREAD_POST_STATUS_LABELS,
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

  // The table is the guard of every UPDATE, and the transition tests read it back: the documented
  // table is the second copy that a changed source state has to agree with (docs/publishing-states.md).
  it("is the table in docs/publishing-states.md, event by event", () => {
    const doc = fs.readFileSync(new URL("../docs/publishing-states.md", import.meta.url), "utf8");
    const documented = Object.fromEntries(
      [...doc.matchAll(/^\| `(\w+)` \| ([a-z, ]+) \| ([a-z]+) \|/gm)].map(([, event, from, to]) => [
        event,
        { from: from?.split(", "), to },
      ]),
    );
    const coded = Object.fromEntries(
      Object.entries(PUBLICATION_TRANSITIONS).map(([event, { from, to }]) => [event, { from: [...from], to }]),
    );
    expect(coded).toEqual(documented);
  });

  it("answers the planner's questions from the same table", () => {
    expect(EDITABLE_STATUSES).toEqual(["planned", "failed", "missed"]);
    expect(allows("sendNow", "missed")).toBe(true);
    expect(allows("sendNow", "planned")).toBe(false);
    expect(allows("resume", "unconfirmed")).toBe(true);
    expect(allows("cancel", "sending")).toBe(false);
  });

  // ADR 0084: a post that may be live is never ended as a draft, only duplicated.
  it("offers 'Als Entwurf bearbeiten' exactly where a post has not gone out, and 'Duplizieren' everywhere", () => {
    expect(PUBLICATION_TRANSITIONS.redraft).toEqual({
      from: ["planned", "failed", "missed"],
      to: "drafted",
      by: "user",
    });
    expect(allows("redraft", "unconfirmed")).toBe(false);
    expect(DRAFT_TRANSITIONS.duplicate.from).toEqual(PUBLICATION_STATUSES);
    expect(DRAFT_TRANSITIONS.plan).toEqual({ from: "draft", to: "planned", by: "user" });
    expect(FINAL_STATUSES).toContain("drafted");
  });
});

describe("the states' German names", () => {
  // The words the planner shows and the data export writes (statusLabel, export-readme.ts).
  it("names every state, a thread's post with the publication's words where the states agree", () => {
    expect(PUBLICATION_STATUS_LABELS).toEqual({
      planned: "Geplant",
      sending: "Wird gesendet",
      sent: "Gesendet",
      failed: "Fehlgeschlagen",
      unconfirmed: "Unbestätigt",
      missed: "Verpasst",
      cancelled: "Abgebrochen",
      drafted: "Als Entwurf übernommen",
    });
    expect(THREAD_POST_STATUS_LABELS).toEqual({
      pending: "Ausstehend",
      sending: "Wird gesendet",
      sent: "Gesendet",
      unconfirmed: "Unbestätigt",
    });
  });
});
