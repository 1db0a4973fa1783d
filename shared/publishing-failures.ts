// Why a network refused a post, as the owner can act on it (ADR 0093). Each integration sorts its
// network's error answer into one of these classes (server/integrations/<network>/); the
// Redaktionsplan, the notification and the mail show the German sentence, and the network's own
// words stay available under ORIGINAL_MESSAGE_SUMMARY.

export const FAILURE_REASONS = [
  "duplicate",
  "too-long",
  "media-invalid",
  "usage-limit",
  "rate-limited",
  "permission-missing",
  "account-suspended",
  "token-invalid",
  "unknown",
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
/** The classes one answer of a network stands for; "rate-limited" is a 429 through every retry, not one answer. */
export type NetworkRefusalReason = Exclude<FailureReason, "rate-limited">;
export const NETWORK_REFUSAL_REASONS = FAILURE_REASONS.filter(
  (reason): reason is NetworkRefusalReason => reason !== "rate-limited",
);

/** Each class as a German sentence with what to do; `network` is the network's label ("X"). */
export const FAILURE_TEXTS: Record<FailureReason, (network: string) => string> = {
  duplicate: (network) =>
    `${network} hat den Beitrag als Duplikat abgelehnt: Dieses Konto hat denselben Text bereits veröffentlicht. Ändern Sie den Text etwas und senden Sie ihn dann erneut.`,
  "too-long": (network) =>
    `${network} hat den Beitrag abgelehnt, weil der Text zu lang ist. Kürzen Sie den Text und senden Sie ihn dann erneut.`,
  "media-invalid": (network) =>
    `${network} hat das Bild nicht angenommen (Format, Größe oder Upload ungültig). Wählen Sie ein anderes Bild oder senden Sie den Beitrag ohne Bild.`,
  "usage-limit": (network) =>
    `${network} nimmt von diesem Konto gerade keine weiteren Beiträge an: Ein Limit des Netzwerks ist erreicht. Warten Sie einige Stunden und senden Sie den Beitrag dann erneut.`,
  // The network kept answering 429 through every retry (server/features/publishing/delivery.service.ts):
  // a short-term limit, unlike "usage-limit", so sending again later is the whole remedy.
  "rate-limited": (network) =>
    `${network} hat zu viele Anfragen gemeldet und den Beitrag auch nach mehreren Versuchen nicht angenommen. Warten Sie etwa eine Stunde; Sie können ihn dann erneut senden.`,
  "permission-missing": (network) =>
    `Postwerk hat bei ${network} keine Berechtigung, für dieses Konto zu veröffentlichen. Verbinden Sie das Konto unter „Verbundene Konten“ neu und erlauben Sie dabei das Veröffentlichen.`,
  "account-suspended": (network) =>
    `Ihr Konto bei ${network} ist gesperrt oder eingeschränkt. Melden Sie sich direkt bei ${network} an, klären Sie die Sperre und senden Sie den Beitrag danach erneut.`,
  "token-invalid": (network) =>
    `Der Zugang zu Ihrem Konto bei ${network} gilt nicht mehr. Verbinden Sie das Konto unter „Verbundene Konten“ neu und senden Sie den Beitrag danach erneut.`,
  unknown: (network) =>
    `${network} hat den Beitrag abgelehnt. Prüfen Sie Text und Bild und senden Sie ihn erneut; die genaue Meldung des Netzwerks steht unten.`,
};

/** The reasons the owner fixes on the connections page, not in the post. */
export const RECONNECT_REASONS: readonly FailureReason[] = ["permission-missing", "token-invalid"];

export function failureText(reason: FailureReason, network: string): string {
  return FAILURE_TEXTS[reason](network);
}

/** The summary of the `<details>` that holds the network's own, untranslated message. */
export const ORIGINAL_MESSAGE_SUMMARY = "Originale Meldung des Netzwerks";

export function isFailureReason(value: unknown): value is FailureReason {
  return typeof value === "string" && (FAILURE_REASONS as readonly string[]).includes(value);
}
