import { describe, expect, it } from "vitest";
import {
  UNICODE_DIRECTIONAL_MARKER_COUNTER_TEST,
  WEIGHTED_TWEETS_COUNTER_TEST,
  WEIGHTED_TWEETS_WITH_DISCOUNTED_EMOJI_COUNTER_TEST,
  type WeightedLengthCase,
} from "../tests/fixtures/twitter-text-weighted-length.ts";
import { xWeightedLength as xWeightedLengthFromMetrics } from "./post-metrics.ts";
import { findEmojiSequenceEnd, findXLinks, xWeightedLength } from "./x-counting.ts";

// Configuration version 2 counts an emoji by its code points; X counts with version 3, which
// has the same ranges and gives every emoji sequence 2. These two version-2 cases expect the
// code point sum (16 and 9); their version-3 twins in the next section expect 7 and 4.
const VERSION_2_EMOJI_CASES = [
  "Count a mix of single byte single word, and double word unicode characters",
  "Count unicode emoji chars outside the basic multilingual plane with skin tone modifiers",
];

function asRows(cases: WeightedLengthCase[]): [string, string, number][] {
  return cases.map(({ description, text, weightedLength }) => [description, text, weightedLength]);
}

describe("xWeightedLength on twitter-text's conformance cases (conformance/validate.yml)", () => {
  it.each(asRows(WEIGHTED_TWEETS_WITH_DISCOUNTED_EMOJI_COUNTER_TEST))(
    "WeightedTweetsWithDiscountedEmojiCounterTest: %s",
    (_description, text, weightedLength) => {
      expect(xWeightedLength(text)).toBe(weightedLength);
    },
  );

  it.each(asRows(UNICODE_DIRECTIONAL_MARKER_COUNTER_TEST))(
    "UnicodeDirectionalMarkerCounterTest: %s",
    (_description, text, weightedLength) => {
      expect(xWeightedLength(text)).toBe(weightedLength);
    },
  );

  it.each(
    asRows(WEIGHTED_TWEETS_COUNTER_TEST.filter(({ description }) => !VERSION_2_EMOJI_CASES.includes(description))),
  )("WeightedTweetsCounterTest (version 2, cases without emoji): %s", (_description, text, weightedLength) => {
    expect(xWeightedLength(text)).toBe(weightedLength);
  });

  it("skips only the version-2 emoji cases, by name", () => {
    const descriptions = WEIGHTED_TWEETS_COUNTER_TEST.map(({ description }) => description);
    expect(descriptions).toEqual(expect.arrayContaining(VERSION_2_EMOJI_CASES));
  });
});

describe("xWeightedLength with emoji newer than twitter-text's (Emoji 12 to 16)", () => {
  it.each<[string, string, number]>([
    ["technologist, a ZWJ sequence (Emoji 12.1)", "🧑‍💻", 2],
    ["heart hands (Emoji 14)", "🫶", 2],
    ["melting face (Emoji 14)", "🫠", 2],
    ["heart hands with a skin tone", "🫶🏽", 2],
    ["kiss with two skin tones, ZWJ and VS16 (Emoji 13.1)", "👩🏽‍❤️‍💋‍👨🏿", 2],
    ["transgender flag, ZWJ with VS16 (Emoji 13)", "🏳️‍⚧️", 2],
    ["the flag of Ukraine, two regional indicators", "🇺🇦", 2],
    ["the flag of Scotland, a tag sequence", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2],
    ["keycap one", "1️⃣", 2],
    ["keycap number sign", "#️⃣", 2],
    ["copyright sign with VS16, an emoji", "©️", 2],
    ["plain copyright sign, a letter-like character in U+0000–U+10FF", "©", 1],
    ["goose and moose (Emoji 15)", "🪿🫎", 4],
    ["head shaking horizontally, ZWJ with an arrow (Emoji 15.1)", "🙂‍↔️", 2],
    ["face with bags under eyes (Emoji 16)", "🫩", 2],
    ["fingerprint (Emoji 16)", "🫆", 2],
    ["handshake with two skin tones (Emoji 14)", "🫱🏻‍🫲🏿", 2],
    // 5 + space + emoji + space + 4
    ["text around an emoji", "Hallo 🧑‍💻 Welt", 5 + 1 + 2 + 1 + 4],
    // 4 + 1 + 2 (🫶🏽) + 1 + 1 (©) + 1 + 2 (€)
    ["German text with emoji, © and €", "Team 🫶🏽 © €", 4 + 1 + 2 + 1 + 1 + 1 + 2],
    ["an e with a combining acute accent, normalised to é", "e\u0301", 1],
    ["a text normalised before counting", "Caf\u0065\u0301 🫠", 4 + 1 + 2],
    // "Lies " 5 + link 23 + emoji 2: the emoji glued to the link is not part of it.
    ["a link followed directly by an emoji", "Lies postwerk.de🫶", 5 + 23 + 2],
    ["an emoji before a link", "🧑‍💻 https://postwerk.de/blog", 2 + 1 + 23],
  ])("counts %s", (_name, text, expected) => {
    expect(xWeightedLength(text)).toBe(expected);
  });

  it("is the function the optimizer's metrics offer", () => {
    expect(xWeightedLengthFromMetrics).toBe(xWeightedLength);
  });
});

describe("findEmojiSequenceEnd", () => {
  it.each<[string, string, number, number]>([
    ["a ZWJ sequence", "a🧑‍💻b", 1, 6],
    ["a skin-toned emoji", "🫶🏽", 0, 4],
    ["a keycap without VS16", "1\u20E3", 0, 2],
    ["a flag", "🇺🇦🇩🇪", 0, 4],
    ["a tag sequence", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", 0, 14],
  ])("finds the end of %s", (_name, text, index, end) => {
    expect(findEmojiSequenceEnd(text, index)).toBe(end);
  });

  it.each<[string, string]>([
    ["a lone pictograph, weighed by its code point", "🫠"],
    ["a plain copyright sign", "©"],
    ["a digit", "1"],
    ["a letter", "a"],
    ["a lone regional indicator", "🇺"],
  ])("finds no sequence at %s", (_name, text) => {
    expect(findEmojiSequenceEnd(text, 0)).toBe(-1);
  });
});

describe("findXLinks", () => {
  const linkTexts = (text: string) => findXLinks(text).map(({ start, end }) => text.slice(start, end));

  it("finds links with and without protocol as UTF-16 ranges", () => {
    expect(findXLinks("🫶 postwerk.de und https://x.de/a")).toEqual([
      { start: 3, end: 14 },
      { start: 19, end: 33 },
    ]);
  });

  // ADR 0115: linkify-it finds more than X links; these are the cases where twitter-text 3.1
  // found no link and X counts the characters.
  it.each<[string, string]>([
    ["an e-mail address", "foo@bar.com"],
    ["a hashtag that looks like a domain", "#example.com"],
    ["a cashtag that looks like a domain", "$example.com"],
    ["an IP address, even with protocol", "http://192.168.0.1"],
    ["a host without a top-level domain", "http://localhost:3000"],
    ["an unknown top-level domain", "https://example"],
    ["user and password before the host", "https://user:pass@example.com"],
    ["an ftp link", "ftp://example.com"],
    ["a mailto link", "mailto:a@b.de"],
    ["a protocol-relative link", "//example.com"],
    ["a file name", "bericht.pdf"],
    ["German abbreviations", "z.B. u.a. bzw."],
  ])("finds no link in %s", (_name, text) => {
    expect(findXLinks(text)).toEqual([]);
  });

  it.each<[string, string, string[]]>([
    ["a link glued to an emoji ends before it", "Lies postwerk.de🫶", ["postwerk.de"]],
    ["a link's path ends before an emoji", "http://example.com/👍", ["http://example.com/"]],
    ["a link between direction marks", "\u2066\u202Ahttps://postwerk.de/\u202C\u2069", ["https://postwerk.de/"]],
    ["a new top-level domain", "postwerk.berlin und example.app", ["postwerk.berlin", "example.app"]],
    ["trailing punctuation stays outside", "Siehe (example.com), dann example.com.", ["example.com", "example.com"]],
    ["German quotation marks stay outside", "„https://example.com“", ["https://example.com"]],
  ])("%s", (_name, text, expected) => {
    expect(linkTexts(text)).toEqual(expected);
  });

  // The three differences to twitter-text 3.1 found when ADR 0115 compared 78 texts, kept on purpose.
  it.each<[string, string, string[]]>([
    ["a Japanese domain without protocol is a link (twitter-text: none)", "例え.jp", ["例え.jp"]],
    ["a bare domain with a port is no link (twitter-text: the domain)", "example.com:8080", []],
    [
      "quotes inside a path stay in the link (twitter-text: ends before them)",
      'example.com/a?x="y"',
      ['example.com/a?x="y"'],
    ],
  ])("%s", (_name, text, expected) => {
    expect(linkTexts(text)).toEqual(expected);
  });
});
