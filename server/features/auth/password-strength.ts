import type { TranslationKeys, ZxcvbnFactory } from "@zxcvbn-ts/core";
import { ACCOUNT_MESSAGES, PASSWORD_FEEDBACK } from "#shared/account.ts";

// ADR 0043: a new password must be hard to guess, judged by zxcvbn-ts with the common
// password list, the German dictionaries (words, first and last names, Wikipedia) and the
// keyboard layouts including German qwertz. Besides the spec's minimum of 6 characters.

/**
 * The lowest zxcvbn score accepted. 3 means at least 10^8 estimated guesses: it refuses
 * "Passwort1", "qwertz123", "Schatz2024" and "Sommer2025!" (all 1 or 2) and accepts a few
 * words or a random 9 characters (ADR 0043 has the measured list).
 */
export const MIN_PASSWORD_SCORE = 3;

// zxcvbn's matching grows faster than linearly with the length (a 256-character password
// took 0.6 s of CPU): only the first 64 characters are judged, and at most 10 look-alike
// substitutions ("@" for "a") are tried, which makes a long password 5 times cheaper. A
// password whose first 64 characters are weak is weak; Better Auth still limits the length.
const JUDGED_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 10;

// zxcvbn's advice: words of the site itself count like the user's own.
const SITE_WORDS = ["postwerk"];

// Compile-time check that shared/account.ts has a text for every key zxcvbn-ts may give.
const WARNINGS: Record<keyof TranslationKeys["warnings"], string> = PASSWORD_FEEDBACK.warnings;
const SUGGESTIONS: Record<keyof TranslationKeys["suggestions"], string> = PASSWORD_FEEDBACK.suggestions;

let estimator: Promise<ZxcvbnFactory> | null = null;

// The dictionaries are several MB: loaded on first use, so server start-up does not pay
// for them (ADR 0029, decision 2, for the same reasoning about the spelling dictionary).
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-de"),
  ]).then(
    ([core, common, german]) =>
      // No `translations`: zxcvbn-ts then reports its keys, which we put into words ourselves.
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...german.dictionary },
        graphs: common.adjacencyGraphs,
        maxLength: JUDGED_LENGTH,
        l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
      }),
  );
  return estimator;
}

/** What is known about the person choosing the password; both may be missing. */
export type PasswordOwner = { email?: unknown; name?: unknown };

// "Müller" is typed "Mueller" as often as not, and an address has no umlauts at all.
const TRANSLITERATION: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss" };
const JOINERS = ["", ".", "-", "_"];

/** The person's own words: the address, its parts, the name and its parts. */
export function personalWords({ email, name }: PasswordOwner): string[] {
  const words = new Set<string>();
  const add = (text: string) => {
    const lower = text.toLowerCase().trim();
    if (lower.length < 3) return;
    words.add(lower);
    words.add(lower.replace(/[äöüß]/g, (letter) => TRANSLITERATION[letter] ?? letter));
  };
  // Whole, word by word, and the words joined as addresses join them ("anna.mueller").
  // zxcvbn ranks these in order (the earlier, the easier to guess): the likeliest first; parts
  // under 3 letters (the "a", "b" of "a1b2") only add noise.
  const addWithParts = (text: string) => {
    const parts = text.split(/[^\p{L}]+/u).filter((part) => part.length >= 3);
    for (const separator of JOINERS) add(parts.join(separator));
    for (const part of parts) add(part);
    add(text);
  };
  // The name first: its words get the same low ranks whatever the address holds besides them
  // (a random part in the address must not make "AnnaMüller#1990" pass for Anna Müller).
  if (typeof name === "string") addWithParts(name);
  if (typeof email === "string") {
    const [local = "", domain = ""] = email.split("@");
    addWithParts(local);
    add(domain.split(".")[0] ?? "");
  }
  return [...words, ...SITE_WORDS];
}

/**
 * Null for a password that is hard enough to guess, otherwise the German reason: a first
 * sentence, zxcvbn's warning if it has one, and its suggestions.
 */
export async function findPasswordWeakness(password: string, owner: PasswordOwner = {}): Promise<string | null> {
  const zxcvbn = await loadEstimator();
  const { score, feedback } = zxcvbn.check(password, personalWords(owner));
  if (score >= MIN_PASSWORD_SCORE) return null;
  const sentences: string[] = [ACCOUNT_MESSAGES.passwordTooWeak];
  const warning = feedback.warning ? WARNINGS[feedback.warning as keyof typeof WARNINGS] : undefined;
  if (warning) sentences.push(warning);
  for (const key of feedback.suggestions) {
    const suggestion = SUGGESTIONS[key as keyof typeof SUGGESTIONS];
    if (suggestion && !sentences.includes(suggestion)) sentences.push(suggestion);
  }
  // zxcvbn always suggests another word below score 3; should that change, still say what helps.
  if (sentences.length === 1) sentences.push(SUGGESTIONS.anotherWord);
  return sentences.join(" ");
}
