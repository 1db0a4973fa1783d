// Drafts ("Entwürfe", ADR 0084): a document being written, owned by the user, saved while it is
// typed (debounced, server-side) and listed in the Redaktionsplan. A draft is the state before any
// publication exists; planning it creates the publications and deletes it in one transaction
// (shared/publishing-states.ts, DRAFT_TRANSITIONS). Constants and texts only (ADR 0021).

import type { NetworkId } from "./networks.ts";

/** Where a draft was written: the composer, the optimizer's editor, or the optimizer's thread mode. */
export const DRAFT_SOURCES = ["composer", "optimizer", "optimizer-thread"] as const;
export type DraftSource = (typeof DRAFT_SOURCES)[number];

export const DRAFT_SOURCE_LABELS: Record<DraftSource, string> = {
  composer: "Beitrag",
  optimizer: "Optimizer",
  "optimizer-thread": "Optimizer-Thread",
};

/**
 * What a draft holds: the composer's whole form (it keeps exactly this value). `perAccountText`
 * empty means one text for all accounts; `threadPosts` non-empty makes it a thread.
 */
export type DraftContent = {
  accountIds: string[];
  text: string;
  perAccountText: Record<string, string>;
  threadPosts: string[];
  image: { url: string; alt: string } | null;
  plannedFor: { date: string; time: string } | null;
  /** Mastodon's content warning (ADR 0095); absent or empty: none. */
  contentWarning?: string;
};

export const EMPTY_DRAFT_CONTENT: DraftContent = {
  accountIds: [],
  text: "",
  perAccountText: {},
  threadPosts: [],
  image: null,
  plannedFor: null,
};

/** Whether nothing has been written yet: such a value is not saved as a new draft. */
export function isEmptyDraft(content: DraftContent): boolean {
  return (
    content.text.trim() === "" &&
    content.threadPosts.every((post) => post.trim() === "") &&
    Object.values(content.perAccountText).every((text) => text.trim() === "") &&
    content.image === null
  );
}

// Limits (ADR 0084). A post is at most 3,000 characters on any network and a thread 25 posts;
// the text fields allow some room above (a draft may be too long yet, it is being written).
export const DRAFT_TEXT_MAX = 10_000;
export const DRAFT_THREAD_POSTS_MAX = 25;
export const DRAFT_ACCOUNTS_MAX = 10;
export const DRAFT_URL_MAX = 2_000;
export const DRAFT_ALT_MAX = 1_000;
/** Drafts per user: enough for any editorial backlog, small enough that the list stays one page. */
export const DRAFTS_PER_USER_MAX = 200;
/** How long the autosave waits after the last keystroke. */
export const DRAFT_AUTOSAVE_DELAY_MS = 800;
/**
 * The body limit of /api/drafts: every text field of a draft at its maximum, each UTF-16 unit as
 * up to 3 bytes of UTF-8 (a surrogate pair is 4 bytes for 2 units), plus room for the rest.
 */
export const DRAFT_BODY_MAX_BYTES = (1 + DRAFT_ACCOUNTS_MAX + DRAFT_THREAD_POSTS_MAX) * DRAFT_TEXT_MAX * 3 + 64 * 1024;

/** A draft as the API shows it. */
export type DraftView = {
  id: string;
  source: DraftSource;
  content: DraftContent;
  revision: number;
  /** The networks of the chosen accounts that still exist, for the list's filter and badges. */
  networks: NetworkId[];
  createdAt: string;
  updatedAt: string;
};

export const DRAFT_ERRORS = {
  INVALID_INPUT: "Der Entwurf konnte nicht gelesen werden. Bitte laden Sie die Seite neu.",
  DRAFT_NOT_FOUND: "Diesen Entwurf gibt es nicht (mehr).",
  DRAFT_CONFLICT:
    "Der Entwurf wurde inzwischen an anderer Stelle geändert. Bitte laden Sie ihn neu, bevor Sie weiterschreiben.",
  DRAFT_LIMIT_REACHED: `Sie haben bereits ${DRAFTS_PER_USER_MAX} Entwürfe. Bitte löschen Sie ältere, bevor Sie neue anlegen.`,
  DRAFT_ALREADY_PLANNED: "Dieser Entwurf wurde schon geplant oder gelöscht.",
  POST_NOT_REDRAFTABLE: "Dieser Beitrag lässt sich nicht mehr als Entwurf bearbeiten. Sie können ihn duplizieren.",
  THREAD_PARTLY_SENT:
    "Ein Teil dieses Threads ist schon veröffentlicht. Bitte duplizieren Sie ihn, statt ihn als Entwurf zu bearbeiten.",
} as const;
export type DraftErrorCode = keyof typeof DRAFT_ERRORS;

/** The autosave's status line (aria-live). */
export const DRAFT_SAVE_STATUS_TEXTS = {
  idle: "",
  saving: "Wird gespeichert …",
  saved: "Gespeichert",
  error: "Nicht gespeichert – wir versuchen es erneut",
  conflict: "Nicht gespeichert – der Entwurf wurde an anderer Stelle geändert",
} as const;
export type DraftSaveState = keyof typeof DRAFT_SAVE_STATUS_TEXTS;

export const DRAFT_RESTORE_QUESTION = "Nicht gespeicherten Entwurf wiederherstellen?";
