import type { ApiErrorCode } from "./api-errors.ts";
import type { NetworkId } from "./networks.ts";

// Publish and schedule (ADR 0053): statuses, their German labels and the API's messages, for the
// server's answers and the composer, the Redaktionsplan and the notification area alike.

export const THREAD_MIN_POSTS = 2;
export const THREAD_MAX_POSTS = 25;

/**
 * A Mastodon post's optional content warning (`spoiler_text`, ADR 0095): the post shows only it
 * until the reader opens it. It counts toward the instance's text limit; a thread's posts carry it each.
 */
export const CONTENT_WARNING_MAX = 200;
export const CONTENT_WARNING_TOO_LONG = `Die Inhaltswarnung darf höchstens ${CONTENT_WARNING_MAX} Zeichen lang sein.`;

/** The planner's line for a thread: "3 von 5 gesendet". */
export function threadProgressLabel(sent: number, total: number): string {
  return `${sent} von ${total} gesendet`;
}

/** How far ahead a post may be planned (ADR 0077): every date that enters publishing is checked against it. */
export const PLANNING_HORIZON_DAYS = 365;

/**
 * The calendar asks for at most this many days at once (ADR 0089): a month's grid of six weeks.
 * A range beyond it is refused, so one request never reads a whole account's history.
 */
export const LIST_RANGE_MAX_DAYS = 42;
/** A range answers at most this many posts; `truncated` says when there were more. */
export const LIST_RANGE_MAX_POSTS = 1000;

export const LIST_RANGE_MESSAGES = {
  invalidDay: "Bitte geben Sie den Zeitraum als Datum im Format JJJJ-MM-TT an.",
  bothEnds: "Bitte geben Sie für den Zeitraum ein Anfangs- und ein Enddatum an.",
  weekOrRange: "Bitte geben Sie entweder eine Woche oder einen Zeitraum an, nicht beides.",
  reversed: "Das Enddatum des Zeitraums liegt vor dem Anfangsdatum.",
  tooLong: `Der Zeitraum darf höchstens ${LIST_RANGE_MAX_DAYS} Tage umfassen.`,
} as const;

export type AccountStatus = "connected" | "reconnect_required";

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  connected: "Verbunden",
  reconnect_required: "Neu verbinden nötig",
};

export const NOT_CONFIGURED_LABEL = "vom Betreiber nicht eingerichtet";

/**
 * Why the composer offers less on an installation that is not publicly reachable (BASE_URL): Meta
 * fetches Instagram's and Threads' images from Postwerk's own address (ADR 0097, 0098).
 */
export const PUBLIC_ADDRESS_HINTS = {
  instagram:
    "Instagram fehlt in der Auswahl, weil Instagram jedes Bild von der Adresse dieser Postwerk-Installation lädt und diese nicht öffentlich erreichbar ist (BASE_URL).",
  threadsImages:
    "Threads nimmt hier nur Beiträge ohne Bild, weil Threads Bilder von der Adresse dieser Postwerk-Installation lädt und diese nicht öffentlich erreichbar ist (BASE_URL).",
} as const;

export type NotificationKind = "sent" | "failed" | "unconfirmed" | "missed" | "reconnect" | "expiring";

/** Why a post is "unbestätigt": shown next to the post, with a link to the account on the network. */
export const UNCONFIRMED_EXPLANATION =
  "Die Verbindung zum Netzwerk brach ab, nachdem der Beitrag abgeschickt war. Ob er angekommen ist, wissen wir nicht. Wir senden ihn deshalb nicht noch einmal, damit er nicht doppelt erscheint. Bitte sehen Sie in Ihrem Konto nach.";

export const INTERRUPTED_EXPLANATION =
  "Der Server wurde beendet, während der Beitrag gesendet wurde. Ob er angekommen ist, wissen wir nicht. Wir senden ihn deshalb nicht noch einmal, damit er nicht doppelt erscheint. Bitte sehen Sie in Ihrem Konto nach.";

/** A post this late is not sent without asking: it becomes "verpasst" (ADR 0075). */
export const MISSED_AFTER_MINUTES = 30;

export const MISSED_EXPLANATION = `Postwerk konnte den Beitrag nicht rechtzeitig senden (mehr als ${MISSED_AFTER_MINUTES} Minuten nach dem geplanten Zeitpunkt). Damit er nicht unerwartet spät erscheint, wartet er auf Sie: Jetzt senden oder neu planen.`;

/** Why a thread is "unbestätigt": unlike a single post, "Fortsetzen" can clear it (ADR 0066). */
export const THREAD_UNCONFIRMED_EXPLANATION =
  "Die Verbindung zum Netzwerk brach ab, nachdem ein Beitrag des Threads abgeschickt war. Ob er angekommen ist, wissen wir nicht. Mit „Fortsetzen“ sieht Postwerk in Ihrem Konto nach und sendet ihn nur, wenn er dort fehlt; danach geht der Thread weiter.";

export const THREAD_INTERRUPTED_EXPLANATION =
  "Der Server wurde beendet, während der Thread gesendet wurde. Mit „Fortsetzen“ sieht Postwerk in Ihrem Konto nach, welcher Beitrag angekommen ist, und sendet nur die fehlenden.";

export const PUBLISHING_DETAILS = {
  unavailable: "Das Netzwerk war mehrmals nicht erreichbar. Bitte planen Sie den Beitrag neu.",
  revoked: "Die Verbindung zum Konto wurde vom Netzwerk beendet. Bitte verbinden Sie das Konto neu.",
  versionRetired:
    "Das Netzwerk nimmt Beiträge über die hinterlegte Schnittstellenversion nicht mehr an. Der Betreiber muss Postwerk aktualisieren.",
  rejected: "Das Netzwerk hat den Beitrag abgelehnt.",
  /** The network's limit for the account is reached (Threads: 250 posts a day, ADR 0098): moved, not failed. */
  limitReached: (network: string, nextAt: string) =>
    `Das Limit von ${network} für dieses Konto ist erreicht. Postwerk sendet den Beitrag zum nächsten freien Zeitpunkt: ${nextAt}.`,
  disconnected: "Das Konto wurde getrennt.",
  stuck:
    "Postwerk konnte den Beitrag wegen einer Störung auf unserer Seite nicht senden. Bitte senden Sie ihn erneut oder planen Sie ihn neu.",
} as const;

/**
 * The German messages of publishing's error answers, by code (ADR 0053). The codes themselves are
 * defined once, in shared/api-errors.ts (ADR 0055): a key that is not there does not compile.
 */
export const PUBLISHING_ERRORS = {
  INVALID_INPUT: "Die Angaben sind unvollständig. Bitte prüfen Sie den Beitrag.",
  POST_EMPTY: "Bitte geben Sie einen Text ein.",
  POST_TOO_LONG: "Der Text ist zu lang für dieses Netzwerk.",
  IMAGE_REQUIRED: "Dieses Netzwerk braucht ein Bild.",
  TIME_IN_PAST: "Der Zeitpunkt liegt in der Vergangenheit. Bitte wählen Sie einen späteren.",
  TIME_TOO_FAR: `Beiträge lassen sich höchstens ${PLANNING_HORIZON_DAYS} Tage im Voraus planen. Bitte wählen Sie einen früheren Zeitpunkt.`,
  ACCOUNT_NOT_FOUND: "Dieses Konto ist nicht (mehr) verbunden.",
  ACCOUNT_NEEDS_RECONNECT: "Dieses Konto muss neu verbunden werden, bevor Sie darüber veröffentlichen.",
  ARCHIVE_ENTRY_NOT_FOUND: "Diese Generierung gibt es nicht (mehr).",
  IMAGE_NOT_FOUND: "Dieses Bild gibt es nicht (mehr). Bitte laden Sie es noch einmal hoch.",
  POST_NOT_FOUND: "Diesen Beitrag gibt es nicht (mehr).",
  POST_NOT_EDITABLE: "Dieser Beitrag wird bereits gesendet oder ist schon gesendet und lässt sich nicht mehr ändern.",
  NETWORK_NOT_CONFIGURED: `Dieses Netzwerk ist ${NOT_CONFIGURED_LABEL}.`,
  NETWORK_WRONG_CONNECT: "Dieses Netzwerk wird anders verbunden.",
  NETWORK_UNAVAILABLE: "Das Netzwerk ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.",
  CREDENTIALS_REJECTED: "Handle oder App-Passwort stimmen nicht.",
  /** ADR 0095: the refusal says why (not public, not found, no Mastodon); this is its fallback. */
  INSTANCE_REFUSED: "Mit dieser Mastodon-Instanz kann Postwerk sich nicht verbinden. Bitte prüfen Sie die Adresse.",
  OAUTH_STATE_INVALID:
    "Die Anmeldung beim Netzwerk ist abgelaufen oder ungültig. Bitte verbinden Sie das Konto noch einmal.",
  OAUTH_DENIED: "Die Verbindung wurde beim Netzwerk abgelehnt.",
  ACCOUNT_CHOICE_INVALID: "Bitte wählen Sie mindestens eine der angebotenen Seiten oder Konten.",
  TOO_MANY_HASHTAGS: "Der Text hat mehr Hashtags, als dieses Netzwerk annimmt.",
  NOTIFICATION_NOT_FOUND: "Diese Benachrichtigung gibt es nicht (mehr).",
  /** The refusal names the network, the cap and the month (publishing-caps.ts); this is its fallback. */
  PUBLISHING_CAP_REACHED: "Das monatliche Kontingent Ihres Plans für dieses Netzwerk ist erreicht.",
  THREAD_NOT_SUPPORTED:
    "Threads veröffentlicht Postwerk nur auf X, Bluesky, Threads und Mastodon. Bitte wählen Sie ein X-, Bluesky-, Threads- oder Mastodon-Konto.",
  THREAD_NOT_RESUMABLE:
    "Dieser Thread lässt sich gerade nicht fortsetzen: Er wird noch gesendet, ist vollständig oder wurde abgebrochen.",
  /** ADR 0093: a post in doubt goes out again only once its owner has looked on the network. */
  RESEND_NOT_CONFIRMED:
    "Bitte sehen Sie zuerst in Ihrem Konto beim Netzwerk nach und bestätigen Sie, dass der Beitrag nicht erschienen ist.",
} as const satisfies Partial<Record<ApiErrorCode, string>>;
export type PublishingErrorCode = keyof typeof PUBLISHING_ERRORS;

export function threadPostTooLongMessage(position: number, length: number, max: number): string {
  return `Beitrag ${position} des Threads ist ${length} Zeichen lang; erlaubt sind ${max}.`;
}

/** The 429 of "Verbinden" started too often in a short time (ADR 0083). */
export const OAUTH_START_TOO_OFTEN =
  "Sie haben die Verbindung zu oft in kurzer Zeit gestartet. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.";

/** A post goes to each account once; the same account twice in one request is refused (400 INVALID_INPUT). */
export const DUPLICATE_TARGET_MESSAGE = "Jedes Konto kann nur einmal ausgewählt werden.";

export const THREAD_TEXT_NOT_EDITABLE =
  "Die Beiträge eines Threads lassen sich hier nicht ändern. Sie können den Thread abbrechen und neu anlegen.";

/** How a network counts differently from what one would expect, said after its too-long message. */
const LENGTH_NOTES: Partial<Record<NetworkId, string>> = {
  bluesky: " (Bluesky zählt Grapheme.)",
  threads: " (Threads zählt jedes Emoji mit seinen UTF-8-Bytes, meist 4.)",
};

export function networkTooLongMessage(network: NetworkId, label: string, length: number, max: number): string {
  return `Der Text für ${label} ist ${length} Zeichen lang; erlaubt sind ${max}.${LENGTH_NOTES[network] ?? ""}`;
}

/** Where the mails and notifications link to (the pages are the UI's, ADR 0053). */
export const PLANNER_PATH = "/redaktionsplan";

/** The query parameter of the Redaktionsplan that opens one post (the mails link to it). */
export const POST_PARAM = "beitrag";

/** The Redaktionsplan with one post opened: where a mail about that post leads (ADR 0094). */
export function plannerPostPath(publicationId: string): string {
  return `${PLANNER_PATH}?${POST_PARAM}=${encodeURIComponent(publicationId)}`;
}
export const CONNECTIONS_PATH = "/konto/verbundene-konten";

/** Where a network's consent page sends the browser back to (the server's route, not a page). */
export function oauthCallbackPath(network: NetworkId): string {
  return `/api/connections/${network}/callback`;
}

export const NOTIFICATION_MESSAGES = {
  sent: (network: string, account: string) => `Beitrag für ${account} (${network}) veröffentlicht.`,
  failed: (network: string, account: string) => `Beitrag für ${account} (${network}) nicht veröffentlicht.`,
  unconfirmed: (network: string, account: string) => `Beitrag für ${account} (${network}) ist unbestätigt.`,
  missed: (network: string, account: string) =>
    `Beitrag für ${account} (${network}) verpasst: Jetzt senden oder neu planen.`,
  reconnect: (network: string, account: string) => `${network}: Konto ${account} muss neu verbunden werden.`,
  expiring: (network: string, account: string, days: number) =>
    `${network}: Die Verbindung zu ${account} läuft in ${days === 1 ? "einem Tag" : `${days} Tagen`} ab.`,
} as const;
