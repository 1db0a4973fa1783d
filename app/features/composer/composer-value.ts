import { type DraftContent, EMPTY_DRAFT_CONTENT } from "#shared/drafts.ts";
import { IMAGE_ALT_MAX } from "#shared/media.ts";
import { labelList, NETWORKS, type NetworkId, THREAD_NETWORKS } from "#shared/networks.ts";
import { checkPostText, type PostTextCheck } from "#shared/post-length.ts";
import type { CreatePostsInput, CreateThreadInput } from "#shared/publishing.schemas.ts";
import { PUBLIC_ADDRESS_HINTS, THREAD_MAX_POSTS, THREAD_MIN_POSTS } from "#shared/publishing.ts";

// The composer's whole state as one plain value (ADR 0086): the dialog is a controlled component
// around it, so a draft is this value stored and an autosave is one onChange. No React here.

/** The composer's value is what a draft holds (ADR 0084): one type, so saving it needs no mapping. */
export type ComposerValue = DraftContent;

export const EMPTY_COMPOSER_VALUE: ComposerValue = EMPTY_DRAFT_CONTENT;

/** What the composer needs of an account. */
export type ComposerAccount = {
  id: string;
  network: NetworkId;
  handle: string;
  /** The account's own limit where its server sets one (a Mastodon instance, ADR 0095). */
  maxCharacters?: number | null;
};

/** The content warning as it is sent (ADR 0095): trimmed, null when empty. Only Mastodon takes it. */
export function contentWarningOf(value: ComposerValue): string | null {
  return value.contentWarning?.trim() || null;
}

export function isThread(value: ComposerValue): boolean {
  return value.threadPosts.length > 0;
}

export function isCustomized(value: ComposerValue): boolean {
  return Object.keys(value.perAccountText).length > 0;
}

/** The text that goes to this account. */
export function textFor(value: ComposerValue, accountId: string): string {
  return value.perAccountText[accountId] ?? value.text;
}

export function chosenAccounts<A extends ComposerAccount>(value: ComposerValue, accounts: A[]): A[] {
  return accounts.filter((account) => value.accountIds.includes(account.id));
}

/** The networks of the chosen accounts, each once, in the order of NETWORKS. */
export function chosenNetworks(value: ComposerValue, accounts: ComposerAccount[]): NetworkId[] {
  const networks = new Set(chosenAccounts(value, accounts).map((account) => account.network));
  return (Object.keys(NETWORKS) as NetworkId[]).filter((network) => networks.has(network));
}

/**
 * A text measured for `network` against the strictest limit among the chosen accounts there: two
 * Mastodon instances may allow 500 and 5,000 characters, and the text must fit both (ADR 0095).
 */
export function checkForChosen(
  value: ComposerValue,
  accounts: ComposerAccount[],
  network: NetworkId,
  text: string,
): PostTextCheck {
  const own = chosenAccounts(value, accounts)
    .filter((account) => account.network === network)
    .map((account) => account.maxCharacters)
    .filter((max): max is number => typeof max === "number");
  return checkPostText(network, text, own.length > 0 ? Math.min(...own) : null, contentWarningOf(value));
}

/** The common text counted once per chosen network, by that network's own rule (shared/networks.ts). */
export function countsPerNetwork(value: ComposerValue, accounts: ComposerAccount[]): Record<string, PostTextCheck> {
  return Object.fromEntries(
    chosenNetworks(value, accounts).map((network) => [network, checkForChosen(value, accounts, network, value.text)]),
  );
}

/** Thread mode on: the common text becomes the first post. Off: the posts become one text again. */
export function withThread(value: ComposerValue, on: boolean): ComposerValue {
  if (on === isThread(value)) return value;
  if (on) return { ...value, perAccountText: {}, threadPosts: [value.text, ""] };
  return { ...value, text: value.threadPosts.filter((post) => post.trim()).join("\n\n"), threadPosts: [] };
}

/** "Text je Konto anpassen": each chosen account starts with the common text; off drops the own texts. */
export function withCustomized(value: ComposerValue, on: boolean): ComposerValue {
  if (!on) return { ...value, perAccountText: {} };
  return {
    ...value,
    perAccountText: Object.fromEntries(value.accountIds.map((id) => [id, textFor(value, id)])),
  };
}

export function withAccount(value: ComposerValue, accountId: string, on: boolean): ComposerValue {
  const accountIds = on
    ? [...new Set([...value.accountIds, accountId])]
    : value.accountIds.filter((id) => id !== accountId);
  const perAccountText = { ...value.perAccountText };
  if (on && isCustomized(value)) perAccountText[accountId] ??= value.text;
  if (!on) delete perAccountText[accountId];
  return { ...value, accountIds, perAccountText };
}

/**
 * Why this post gets less on an installation Meta cannot reach (ADR 0097, 0098): no Instagram next
 * to a chosen Facebook page, no image for a chosen Threads account.
 */
export function publicAddressHints(
  value: ComposerValue,
  accounts: ComposerAccount[],
  heldBack: { instagram: boolean; threadsImages: boolean },
): string[] {
  const networks = new Set(chosenAccounts(value, accounts).map((account) => account.network));
  return [
    heldBack.instagram && networks.has("facebook") ? PUBLIC_ADDRESS_HINTS.instagram : null,
    heldBack.threadsImages && networks.has("threads") && value.image ? PUBLIC_ADDRESS_HINTS.threadsImages : null,
  ].filter((hint) => hint !== null);
}

export type ComposerRequests =
  | { kind: "posts"; input: CreatePostsInput }
  | { kind: "threads"; inputs: CreateThreadInput[] }
  | { kind: "invalid"; error: string };

export const COMPOSER_ERRORS = {
  noAccount: "Bitte wählen Sie mindestens ein Konto.",
  threadNetwork: `Threads veröffentlicht Postwerk nur auf ${labelList(THREAD_NETWORKS.map((network) => NETWORKS[network].label))}. Bitte wählen Sie nur solche Konten.`,
  threadLength: `Ein Thread hat ${THREAD_MIN_POSTS} bis ${THREAD_MAX_POSTS} Beiträge.`,
  altTooLong: `Die Bildbeschreibung darf höchstens ${IMAGE_ALT_MAX} Zeichen lang sein.`,
} as const;

/**
 * What the existing APIs take (ADR 0053, 0066): one POST /api/posts for single posts to every
 * chosen account, or one POST /api/posts/threads per account in thread mode. Text rules are the
 * server's to refuse with its German message; here only what has no field of its own to show it.
 */
export function toRequests(
  value: ComposerValue,
  accounts: ComposerAccount[],
  /** The generation the text came from; without the image, only if the user kept its image or it had none. */
  extra: { archiveEntryId?: string; archiveImageUrl?: string | null } = {},
): ComposerRequests {
  const chosen = chosenAccounts(value, accounts);
  if (chosen.length === 0) return { kind: "invalid", error: COMPOSER_ERRORS.noAccount };
  if (value.image && value.image.alt.length > IMAGE_ALT_MAX)
    return { kind: "invalid", error: COMPOSER_ERRORS.altTooLong };
  // The generator's own copy (a data URL) until its stored image is known: the server takes that
  // one through the generation instead, without a description.
  const stored = value.image && !value.image.url.startsWith("data:") ? value.image : null;
  const image = stored ? { image: { url: stored.url, alt: stored.alt.trim() } } : {};
  const plannedFor = value.plannedFor ? { plannedFor: value.plannedFor } : {};
  const warning = contentWarningOf(value);
  const contentWarning = (network: NetworkId) => (warning && network === "mastodon" ? { contentWarning: warning } : {});
  if (isThread(value)) {
    if (chosen.some((account) => !THREAD_NETWORKS.includes(account.network)))
      return { kind: "invalid", error: COMPOSER_ERRORS.threadNetwork };
    const posts = value.threadPosts.filter((post) => post.trim());
    if (posts.length < THREAD_MIN_POSTS || posts.length > THREAD_MAX_POSTS)
      return { kind: "invalid", error: COMPOSER_ERRORS.threadLength };
    return {
      kind: "threads",
      inputs: chosen.map((account) => ({
        accountId: account.id,
        posts,
        ...image,
        ...plannedFor,
        ...contentWarning(account.network),
      })),
    };
  }
  return {
    kind: "posts",
    input: {
      targets: chosen.map((account) => ({ accountId: account.id, text: textFor(value, account.id) })),
      // The server adds a generation's image to a post without one: a removed image stays removed.
      ...(extra.archiveEntryId && (value.image || !extra.archiveImageUrl)
        ? { archiveEntryId: extra.archiveEntryId }
        : {}),
      ...image,
      ...plannedFor,
      ...(chosen.some((account) => account.network === "mastodon") ? contentWarning("mastodon") : {}),
    },
  };
}
