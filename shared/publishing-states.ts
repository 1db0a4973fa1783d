// The state machines of publishing (ADR 0074; diagram in docs/publishing-states.md): the states a
// publication and a thread's post can be in, and every move between them with who may make it. The
// server writes a status only through server/features/publishing/publication-transitions.ts, which
// reads these tables and refuses any other move inside the UPDATE itself; the browser reads the
// same tables to know which actions a post offers.

export const PUBLICATION_STATUSES = [
  "planned",
  "sending",
  "sent",
  "failed",
  "unconfirmed",
  "missed",
  "cancelled",
  "drafted",
] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, string> = {
  planned: "Geplant",
  sending: "Wird gesendet",
  sent: "Gesendet",
  failed: "Fehlgeschlagen",
  unconfirmed: "Unbestätigt",
  missed: "Verpasst",
  cancelled: "Abgebrochen",
  drafted: "Als Entwurf übernommen",
};

/**
 * Who makes a move: the user through the API, the queue while it sends (one worker, the one whose
 * claim won), the sweep that keeps every planned post alive (ADR 0075), or the account's
 * lifecycle (disconnecting, deleting the account).
 */
export type Actor = "user" | "queue" | "sweep" | "account";

type Transition<State extends string> = { from: readonly State[]; to: State; by: Actor };

export const PUBLICATION_TRANSITIONS = {
  /** The queue takes a due post for one attempt; committed before the network is called. */
  claim: { from: ["planned"], to: "sending", by: "queue" },
  /** The network accepted the post (every post of a thread). */
  accept: { from: ["sending"], to: "sent", by: "queue" },
  /**
   * Not now: the network did not accept the attempt (5xx, 429, refused connection), the tokens could
   * not be refreshed, or the account's posting window is full. Planned again for a later time.
   */
  defer: { from: ["planned", "sending"], to: "planned", by: "queue" },
  /** For good: refused before the call (account gone, image gone, over the cap), by the network, or attempts used up. */
  fail: { from: ["planned", "sending"], to: "failed", by: "queue" },
  /** The request may have reached the network and no answer came (timeout, lost answer, server died mid-call). */
  doubt: { from: ["sending"], to: "unconfirmed", by: "queue" },
  /** An attempt whose server died mid-call, found by the sweep (ADR 0075). */
  interrupt: { from: ["sending"], to: "unconfirmed", by: "sweep" },
  /** Overdue by more than MISSED_AFTER_MS: not sent late without asking (ADR 0075). */
  miss: { from: ["planned"], to: "missed", by: "sweep" },
  /** The queue's retries of a post ran out without a verdict (the database kept failing): failed, never left planned. */
  giveUp: { from: ["planned"], to: "failed", by: "queue" },
  /** Edit text or time ("Neu planen"): planned for the new time. */
  reschedule: { from: ["planned", "failed", "missed"], to: "planned", by: "user" },
  /** "Jetzt senden" for a post that failed or was missed. */
  sendNow: { from: ["failed", "missed"], to: "planned", by: "user" },
  /**
   * "Erneut senden" of a post in doubt (ADR 0093): only after the user looked at the account on the
   * network and confirmed the post is not there. Never made by the queue or the sweep.
   */
  resend: { from: ["unconfirmed"], to: "planned", by: "user" },
  /** "Fortsetzen" of a thread that stopped (ADR 0066): the queue goes on from its first unsent post. */
  resume: { from: ["failed", "unconfirmed"], to: "planned", by: "user" },
  cancel: { from: ["planned", "failed", "missed"], to: "cancelled", by: "user" },
  /** The account was disconnected or deleted: its posts that have not gone out are cancelled. */
  withdraw: { from: ["planned", "failed", "missed"], to: "cancelled", by: "account" },
  /**
   * "Als Entwurf bearbeiten" (ADR 0084): the post's content becomes a new draft in the same
   * transaction, and the post ends here, not as "Abgebrochen". Not from unconfirmed: that post may
   * be live, so it is only duplicated (a copy into a new draft, the post stays as it is).
   */
  redraft: { from: ["planned", "failed", "missed"], to: "drafted", by: "user" },
} as const satisfies Record<string, Transition<PublicationStatus>>;
export type PublicationEvent = keyof typeof PUBLICATION_TRANSITIONS;

/** The moves one actor may make, for the type of each caller's transition function. */
export type EventBy<A extends Actor> = {
  [E in PublicationEvent]: (typeof PUBLICATION_TRANSITIONS)[E]["by"] extends A ? E : never;
}[PublicationEvent];

/** Whether a post in `status` offers `event` (the planner's buttons). */
export function allows(event: PublicationEvent, status: PublicationStatus): boolean {
  return (PUBLICATION_TRANSITIONS[event].from as readonly PublicationStatus[]).includes(status);
}

/** A post may be edited, rescheduled or cancelled until the queue has claimed it, and after it failed or was missed. */
export const EDITABLE_STATUSES = PUBLICATION_TRANSITIONS.reschedule.from;

/** States a post stays in for good. */
export const FINAL_STATUSES: readonly PublicationStatus[] = ["sent", "cancelled", "drafted"];

/**
 * A draft ("Entwurf", ADR 0084) is the state before any publication exists: a document of the user
 * in the table `drafts`, perhaps without an account yet. It is not a publication status; these are
 * its moves. `plan` creates the publications (each `planned`, or due now for "Jetzt
 * veröffentlichen") and deletes the draft in one transaction; `redraft` and `duplicate` make a draft
 * from a publication (redraft also ends the publication, see PUBLICATION_TRANSITIONS.redraft).
 */
export const DRAFT_TRANSITIONS = {
  /** Entwurf → Geplant: the user plans or publishes the draft. */
  plan: { from: "draft", to: "planned", by: "user" },
  /** A post's content into a new draft; the post ends as "drafted". */
  redraft: { from: PUBLICATION_TRANSITIONS.redraft.from, to: "draft", by: "user" },
  /** A copy of any post's content into a new draft; the post stays as it is. */
  duplicate: { from: PUBLICATION_STATUSES, to: "draft", by: "user" },
} as const;

/**
 * A thread's posts (ADR 0066): each is pending, being sent, sent (its remote id recorded) or
 * unconfirmed (sent, but the answer was lost; looked up on the network before the thread goes on).
 */
export const THREAD_POST_STATUSES = ["pending", "sending", "sent", "unconfirmed"] as const;
export type ThreadPostStatus = (typeof THREAD_POST_STATUSES)[number];

/** The states a thread's post shares with a publication have the publication's words. */
export const THREAD_POST_STATUS_LABELS: Record<ThreadPostStatus, string> = {
  pending: "Ausstehend",
  sending: PUBLICATION_STATUS_LABELS.sending,
  sent: PUBLICATION_STATUS_LABELS.sent,
  unconfirmed: PUBLICATION_STATUS_LABELS.unconfirmed,
};

/** Every move of a thread's post is the queue's, inside the attempt it claimed for the whole thread. */
export const THREAD_POST_TRANSITIONS = {
  /** Committed before the call; from unconfirmed when the lookup found the post was never made. */
  claim: { from: ["pending", "unconfirmed"], to: "sending", by: "queue" },
  /** The network's id is recorded; from unconfirmed when the lookup found the post. */
  accept: { from: ["sending", "unconfirmed"], to: "sent", by: "queue" },
  /** Not accepted: the post is pending again. */
  defer: { from: ["sending"], to: "pending", by: "queue" },
  /** No answer: in doubt until the network is asked. */
  doubt: { from: ["sending"], to: "unconfirmed", by: "queue" },
  /** Its server died mid-call. */
  interrupt: { from: ["sending"], to: "unconfirmed", by: "sweep" },
} as const satisfies Record<string, Transition<ThreadPostStatus>>;
export type ThreadPostEvent = keyof typeof THREAD_POST_TRANSITIONS;
