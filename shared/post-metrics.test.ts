import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  analyzePost,
  computePostMetrics,
  evaluateCriteria,
  evaluatePost,
  findPostHighlights,
  type PostCriterionId,
  type PostHighlight,
  type PostMetrics,
  splitSentences,
} from "./post-metrics.ts";

// A sentence of exactly `length` characters, ending with a dot.
function buildSentence(length: number): string {
  return `${"a".repeat(length - 1)}.`;
}

function buildWords(count: number): string {
  return Array.from({ length: count }, () => "Wort").join(" ");
}

function findCriterion(text: string, id: PostCriterionId) {
  const criterion = evaluatePost(text).criteria.find((candidate) => candidate.id === id);
  if (criterion === undefined) throw new Error(`criterion ${id} missing`);
  return criterion;
}

// Passes all six criteria: 162 adjusted characters, one link, one hashtag, one "!".
const GOOD_POST =
  "Neu im Blog: So schreibst du X-Posts, die gelesen werden. Kurze Sätze, ein klarer Gedanke und ein Link genügen. Probier es aus! https://postwerk.de/blog #Schreiben";
const LONG_LINK = "https://postwerk.de/blog/ein-sehr-langer-pfad-der-viel-laenger-als-dreiundzwanzig-zeichen-ist";

describe("computePostMetrics", () => {
  it.each<[string, string, Partial<PostMetrics>]>([
    [
      "gives zero for everything on an empty text",
      "",
      {
        length: 0,
        adjustedLength: 0,
        startsWithMention: false,
        mentionCount: 0,
        hashtagCount: 0,
        exclamationCount: 0,
        longestSentenceLength: 0,
        linkCount: 0,
        wordCount: 0,
      },
    ],
    ["counts plain letters once in both lengths", "a".repeat(130), { length: 130, adjustedLength: 130 }],
    ["counts an emoji as one character but two in the adjusted length", "😀", { length: 1, adjustedLength: 2 }],
    ["counts the euro sign as one character but two in the adjusted length", "€", { length: 1, adjustedLength: 2 }],
    ["counts the ellipsis character as two in the adjusted length", "…", { length: 1, adjustedLength: 2 }],
    ["counts umlauts, ß, German quotes and dashes once", "„Grüße“ – ß", { length: 11, adjustedLength: 11 }],
    ["counts a family emoji joined by ZWJ as two in the adjusted length", "👨‍👩‍👧", { length: 5, adjustedLength: 2 }],
    ["counts a link as 23 in the adjusted length however long it is", `Mehr: ${LONG_LINK}`, { adjustedLength: 29 }],
    ["counts a short link as 23 as well", "https://x.de", { length: 12, adjustedLength: 23, linkCount: 1 }],
    ["recognises a link without protocol as X does", "Lies postwerk.de", { adjustedLength: 28, linkCount: 1 }],
    ["sees a post starting with a mention after leading spaces", "  @postwerk Hallo", { startsWithMention: true }],
    ["does not see a mention start when the @ comes later", "Hallo @postwerk", { startsWithMention: false }],
    ["counts every @ as a mention, also in an e-mail address", "info@postwerk.de und @anna", { mentionCount: 2 }],
    ["counts every # as a hashtag", "#eins #zwei #drei", { hashtagCount: 3 }],
    ["counts every exclamation mark", "Wow! Super! Toll!!", { exclamationCount: 4 }],
    [
      "ignores @ and # that belong to a link",
      "@ben https://medium.com/@anna/post#teil",
      { mentionCount: 1, hashtagCount: 0, linkCount: 1, adjustedLength: 28 },
    ],
    ["counts whitespace-separated words", "Eins zwei  drei\nvier\tfünf", { wordCount: 5 }],
    ["does not count a link as a word", "Lies https://postwerk.de jetzt", { wordCount: 2, linkCount: 1 }],
    [
      "does not count brackets and commas glued to a link as words",
      "Lies https://postwerk.de/blog, dann (https://postwerk.de) und Link:https://x.de",
      { wordCount: 4, linkCount: 3 },
    ],
    [
      "measures the longest sentence without surrounding spaces",
      "  Kurz.   Etwas länger!  ",
      { longestSentenceLength: 13 },
    ],
  ])("%s", (_name, text, expected) => {
    expect(computePostMetrics(text)).toMatchObject(expected);
  });

  it("counts an emoji newer than twitter-text's data as two in the adjusted length", () => {
    expect(computePostMetrics("Ich 🧑‍💻 🫶🏽")).toMatchObject({ length: 10, adjustedLength: 3 + 1 + 2 + 1 + 2 });
  });

  // What twitter-text 3.1's parseTweet gave for these texts (its emoji data up to Emoji 11
  // suffices for them), recorded when ADR 0115 removed the package: the counting still agrees.
  it.each<[string, number]>([
    [GOOD_POST, 162],
    ["😀 👍🏽 🇩🇪 1️⃣ ©️ € … „Hallo“", 28],
    [`Mehr: ${LONG_LINK} und postwerk.de`, 57],
    ["a\u0308 e\u0301", 3],
  ])("weighs %j as twitter-text's default configuration did", (text, weightedLength) => {
    expect(computePostMetrics(text).adjustedLength).toBe(weightedLength);
  });
});

describe("splitSentences", () => {
  it.each<[string, string, string[]]>([
    ["ends a sentence at a dot followed by a space", "Hallo Welt. Wie geht es", ["Hallo Welt.", "Wie geht es"]],
    ["ends a sentence at a question mark", "Frage? Antwort", ["Frage?", "Antwort"]],
    ["ends a sentence at an exclamation mark", "Super! Danke", ["Super!", "Danke"]],
    ["ends a sentence at a dot followed by a newline", "Ende.\nNeu", ["Ende.", "Neu"]],
    ["ends a sentence at a dot followed by a Windows line break", "Ende.\r\nNeu", ["Ende.", "Neu"]],
    ["does not end a sentence at a dot followed by a letter", "Ende.Neu", ["Ende.Neu"]],
    ["does not end a sentence at a plain line break", "Zeile eins\nZeile zwei", ["Zeile eins\nZeile zwei"]],
    ["keeps several marks together", "Wirklich?! Ja... gut", ["Wirklich?!", "Ja...", "gut"]],
    ["does not end a sentence after z.B.", "Wir nutzen z.B. Links. Gut", ["Wir nutzen z.B. Links.", "Gut"]],
    ["does not end a sentence after Dr.", "Dr. Meier kommt. Gut", ["Dr. Meier kommt.", "Gut"]],
    ["does not end a sentence after Prof.", "Prof. Schmidt spricht", ["Prof. Schmidt spricht"]],
    ["does not end a sentence after usw.", "Äpfel, Birnen usw. sind gesund", ["Äpfel, Birnen usw. sind gesund"]],
    [
      "does not end a sentence after St., Nr., Str., bzw., ca. or etc.",
      "St. Pauli Nr. 5 in der Hafen-Str. bzw. ca. zehn etc. hier. Ende",
      ["St. Pauli Nr. 5 in der Hafen-Str. bzw. ca. zehn etc. hier.", "Ende"],
    ],
    ["does not end a sentence inside 3.5", "Der Wert ist 3.5 Prozent", ["Der Wert ist 3.5 Prozent"]],
    ["does not end a sentence after a digit as in 3. Mai", "Am 3. Mai geht es los", ["Am 3. Mai geht es los"]],
    ["does not end a sentence after Version 2.", "Version 2. Danach", ["Version 2. Danach"]],
    ["matches abbreviations case-sensitively", "Das war DR. Meier", ["Das war DR.", "Meier"]],
    ["matches abbreviations only as whole words", "Ein Kardr. Ende", ["Ein Kardr.", "Ende"]],
    ["still ends a sentence at ! or ? after a digit", "Wir sind 10! Toll", ["Wir sind 10!", "Toll"]],
    ["returns nothing for blank text", "  \n ", []],
  ])("%s", (_name, text, expected) => {
    expect(splitSentences(text).map((sentence) => sentence.text)).toEqual(expected);
  });

  it("gives each trimmed sentence its position in the original text", () => {
    expect(splitSentences("  Hallo. Welt 😀!  ")).toEqual([
      { text: "Hallo.", start: 2, end: 8, length: 6 },
      { text: "Welt 😀!", start: 9, end: 17, length: 7 },
    ]);
  });
});

describe("evaluatePost criteria", () => {
  it.each<[string, string, PostCriterionId, boolean, number]>([
    ["fails the length at adjusted 129", "a".repeat(129), "length", false, 99],
    ["passes the length at adjusted 130", "a".repeat(130), "length", true, 100],
    ["passes the length at adjusted 195", "a".repeat(195), "length", true, 100],
    ["fails the length at adjusted 196", "a".repeat(196), "length", false, 99],
    ["gives 50 % for adjusted length 65", "a".repeat(65), "length", false, 50],
    ["gives 50 % for adjusted length 390", "a".repeat(390), "length", false, 50],
    ["gives 0 % length for an empty text", "", "length", false, 0],
    ["passes the length at 130 with a link counted as 23", `${"a".repeat(106)} https://x.de`, "length", true, 100],
    ["fails the length at 129 with a link counted as 23", `${"a".repeat(105)} https://x.de`, "length", false, 99],
    ["passes the length when 64 euro signs weigh 128 plus 2", `${"€".repeat(64)}aa`, "length", true, 100],
    ["passes one mention", "Hallo @anna", "mentions", true, 100],
    ["fails two mentions with 50 %", "Hallo @anna und @ben", "mentions", false, 50],
    ["fails three mentions with 33 %", "@a @b @c", "mentions", false, 33],
    ["passes one hashtag", "Toll #Marketing", "hashtags", true, 100],
    ["fails two hashtags with 50 %", "Toll #Marketing #Social", "hashtags", false, 50],
    ["passes one exclamation mark", "Toll!", "exclamations", true, 100],
    ["fails two exclamation marks with 50 %", "Toll! Super!", "exclamations", false, 50],
    ["passes a sentence of 95 characters", `${buildSentence(95)} Kurz.`, "sentenceLength", true, 100],
    ["fails a sentence of 96 characters", `${buildSentence(96)} Kurz.`, "sentenceLength", false, 98],
    ["passes 37 words", buildWords(37), "words", true, 100],
    ["fails 38 words", buildWords(38), "words", false, 97],
    ["gives 50 % for 74 words", buildWords(74), "words", false, 50],
    ["passes 37 words plus a link", `${buildWords(37)} https://postwerk.de`, "words", true, 100],
  ])("%s", (_name, text, id, passed, percent) => {
    expect(findCriterion(text, id)).toMatchObject({ passed, percent });
  });

  it("reports the measured value with each criterion", () => {
    expect(evaluatePost("Hallo @anna und @ben!").criteria.map(({ id, value }) => [id, value])).toEqual([
      ["length", 21],
      ["mentions", 2],
      ["hashtags", 0],
      ["exclamations", 1],
      ["sentenceLength", 21],
      ["words", 4],
    ]);
  });
});

describe("evaluatePost score", () => {
  it.each<[string, string, number]>([
    ["scores 6 for a post that passes everything", GOOD_POST, 6],
    ["scores 5 with a second hashtag", `${GOOD_POST} #Tipps`, 5],
    ["scores 4 with a second hashtag and a second !", `${GOOD_POST.replace("gelesen", "gelesen!")} #Tipps`, 4],
    ["scores 3 with a second mention as well", `@anna @ben ${GOOD_POST.replace("gelesen", "gelesen!")} #Tipps`, 3],
    [
      "scores 2 when the text also grows past 195",
      `@anna @ben ${GOOD_POST.replace("gelesen", "gelesen!")} #Tipps Und noch ein Satz.`,
      2,
    ],
    ["scores 1 when only the short sentences pass", `@anna @ben #a #b Toll! Super! ${"Wort. ".repeat(40)}`, 1],
    ["scores 0 when every criterion fails", `@anna @ben #a #b Toll ${buildWords(40)} Super! Ja!`, 0],
    ["scores 0 for an empty text: nothing to judge", "", 0],
    ["scores 0 for a text of blanks only", "  \n ", 0],
  ])("%s", (_name, text, score) => {
    expect(evaluatePost(text).score).toBe(score);
  });

  it("evaluates criteria from metrics alone", () => {
    const metrics = computePostMetrics(GOOD_POST);
    expect(evaluateCriteria({ ...metrics, hashtagCount: 2, wordCount: 74 })).toMatchObject({
      score: 4,
      criteria: expect.arrayContaining([
        { id: "hashtags", passed: false, percent: 50, value: 2 },
        { id: "words", passed: false, percent: 50, value: 74 },
      ]),
    });
  });
});

describe("findPostHighlights", () => {
  it.each<[string, string, PostHighlight[]]>([
    ["marks nothing in a clean post", GOOD_POST, []],
    [
      "marks the second hashtag with its word",
      "Wir lieben #Marketing und #Social.",
      [{ start: 26, end: 33, kind: "extraHashtag" }],
    ],
    [
      "marks the second mention with its name",
      "@anna und @ben_2 hallo",
      [{ start: 10, end: 16, kind: "extraMention" }],
    ],
    [
      "marks every exclamation mark after the first",
      "Wow! Toll!!",
      [
        { start: 9, end: 10, kind: "extraExclamation" },
        { start: 10, end: 11, kind: "extraExclamation" },
      ],
    ],
    [
      "marks a sentence longer than 95 characters",
      `${buildSentence(96)} Kurz.`,
      [{ start: 0, end: 96, kind: "longSentence" }],
    ],
    ["does not mark a sentence of 95 characters", `${buildSentence(95)} Kurz.`, []],
    ["marks the euro sign as double weight", "Nur 5 € heute", [{ start: 6, end: 7, kind: "doubleWeight" }]],
    ["marks the ellipsis character as double weight", "Tja…", [{ start: 3, end: 4, kind: "doubleWeight" }]],
    ["marks an emoji by its UTF-16 range", "Start 🚀 jetzt", [{ start: 6, end: 8, kind: "doubleWeight" }]],
    ["marks a ZWJ family emoji as one range", "Wir 👨‍👩‍👧", [{ start: 4, end: 12, kind: "doubleWeight" }]],
    [
      "marks a flag as one range",
      "🇩🇪🇫🇷",
      [
        { start: 0, end: 4, kind: "doubleWeight" },
        { start: 4, end: 8, kind: "doubleWeight" },
      ],
    ],
    ["marks a keycap emoji as one range", "Tipp 1️⃣", [{ start: 5, end: 8, kind: "doubleWeight" }]],
    ["does not mark a plain © that X counts once", "© 2026", []],
    ["marks an Emoji 12.1 ZWJ sequence as one range", "Ich 🧑‍💻", [{ start: 4, end: 9, kind: "doubleWeight" }]],
    ["marks an Emoji 14 emoji with a skin tone as one range", "🫶🏽!", [{ start: 0, end: 4, kind: "doubleWeight" }]],
    [
      "marks an Emoji 15.1 ZWJ sequence with an arrow as one range",
      "🙂‍↔️",
      [{ start: 0, end: 5, kind: "doubleWeight" }],
    ],
    ["marks a tag-sequence flag as one range", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Alba", [{ start: 0, end: 14, kind: "doubleWeight" }]],
    ["marks a keycap without VS16 as one range", "1\u20E3", [{ start: 0, end: 2, kind: "doubleWeight" }]],
    ["marks nothing inside a link", "Mehr: https://medium.com/@anna/post#teil?x=a!b https://x.de/#c", []],
    [
      "counts the first hashtag outside links as the allowed one",
      "https://x.de/#a #Eins #Zwei",
      [{ start: 22, end: 27, kind: "extraHashtag" }],
    ],
    [
      "sorts a long sentence before the characters inside it",
      `€ ${"a".repeat(95)}. Ok`,
      [
        { start: 0, end: 98, kind: "longSentence" },
        { start: 0, end: 1, kind: "doubleWeight" },
      ],
    ],
  ])("%s", (_name, text, expected) => {
    expect(findPostHighlights(text)).toEqual(expected);
  });

  // The editor's highlights and the counter agree (ADR 0063): outside links, every highlighted
  // unit weighs 2 and every other code point 1. No "#", "@" or "." in the pieces: extra tags
  // are highlighted as such, and a dot could make a link.
  it("weighs every double-weight highlight 2 and everything else 1", () => {
    const pieces = ["a", "Z", "ä", "ß", " ", "1", "!", "?", "„", "–", "€", "…", "©", "™", "の", "😀", "🫠", "🫶🏽"];
    pieces.push("🧑‍💻", "👩🏽‍❤️‍💋‍👨🏿", "🏳️‍⚧️", "🇺🇦", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣", "©️", "🙂‍↔️", "\u200D", "\uFE0F", "🏽", "🇺");
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const text = parts.join("");
        let expected = 0;
        let index = 0;
        for (const { start, end } of findPostHighlights(text).filter(({ kind }) => kind === "doubleWeight")) {
          expected += [...text.slice(index, start)].length + 2;
          index = end;
        }
        expected += [...text.slice(index)].length;
        expect(computePostMetrics(text).adjustedLength).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("gives the same result in analyzePost as the single functions", () => {
    const text = `@anna @ben ${GOOD_POST} #Tipps 🚀`;
    expect(analyzePost(text)).toEqual({ ...evaluatePost(text), highlights: findPostHighlights(text) });
  });
});
