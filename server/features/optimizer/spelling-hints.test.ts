import { beforeAll, describe, expect, it } from "vitest";
import { loadGermanWordList } from "./german-word-list.ts";
import {
  findConfidentCorrection,
  findSpellingIssues,
  isKnownWord,
  SPELLING_LIMITS,
  suggestCorrections,
  type WordList,
} from "./spelling-hints.ts";

let words: WordList;
beforeAll(async () => {
  words = await loadGermanWordList();
});

const wordsOf = (text: string) => findSpellingIssues(text, words).map((issue) => issue.word);

describe("the German word list", () => {
  it("knows everyday words that nspell misses when compound-only entries are merged", () => {
    for (const word of ["gut", "mal", "sehen", "schreiben", "meinen", "gehen", "lernen", "teilen", "sein"]) {
      expect(words.correct(word), word).toBe(true);
    }
  });

  it("knows the words of people who write posts", () => {
    for (const word of ["Posts", "Hashtag", "Follower", "Newsletter"]) expect(words.correct(word), word).toBe(true);
  });

  it("is loaded once and shared", async () => {
    expect(await loadGermanWordList()).toBe(words);
  });
});

describe("isKnownWord", () => {
  it.each([
    ["Kaffeemaschinenreparatur", "a compound of two known words"],
    ["Schreibtischlampe", "a compound of three known words"],
    ["Sonnenschein", "a compound with a linking n"],
    ["kundenfreundlich", "an adjective that starts with a noun"],
    ["Heute", "a lower-case word at a sentence start"],
  ])("accepts %s (%s)", (word) => {
    expect(isKnownWord(word, words)).toBe(true);
  });

  it("accepts abbreviations the dictionary lists with their dot", () => {
    expect(isKnownWord("bzw", words, true)).toBe(true);
    expect(isKnownWord("usw", words, true)).toBe(true);
  });

  it("does not accept a typo because two short pieces happen to be words", () => {
    expect(isKnownWord("Feher", words)).toBe(false);
    expect(isKnownWord("Optimirung", words)).toBe(false);
  });
});

describe("findSpellingIssues", () => {
  it("marks an unknown word with its UTF-16 range and suggests the likely word first", () => {
    const text = "Heute 🚀 habe ich einen Feher gefunden.";
    const [issue, ...rest] = findSpellingIssues(text, words);
    expect(rest).toEqual([]);
    expect(issue?.word).toBe("Feher");
    expect(text.slice(issue?.start, issue?.end)).toBe("Feher");
    expect(issue?.suggestions[0]).toBe("Fehler");
    expect(issue?.suggestions.length).toBeLessThanOrEqual(SPELLING_LIMITS.maxSuggestions);
  });

  it("leaves links, mentions, hashtags, e-mail addresses, numbers and abbreviations alone", () => {
    const text =
      "Mein Feher: https://example.com/feherseite und example.org/Feherx, #Feher @feher fehr@example.de 3Feher 2026 KI SEO iPhone LinkedIn bzw. usw.";
    expect(wordsOf(text)).toEqual(["Feher"]);
  });

  it("suggests umlauts, ß and capitals where the writer typed around them", () => {
    const issues = findSpellingIssues("Gruesse aus Muenchen, daß war schön.", words);
    expect(issues.map((issue) => [issue.word, issue.suggestions[0]])).toEqual([
      ["Gruesse", "Grüße"],
      ["Muenchen", "München"],
      ["daß", "dass"],
    ]);
  });

  it("gives no hints for a post that is not German", () => {
    expect(findSpellingIssues("This is an English post about marketing for small teams everywhere.", words)).toEqual(
      [],
    );
  });

  it("has no issues for a correct German post", () => {
    expect(
      findSpellingIssues(
        "Kleine Teams gewinnen mit klaren Posts. Schreib einen Gedanken pro Satz und zeig, was er bringt.",
        words,
      ),
    ).toEqual([]);
  });

  it("stops suggesting once its time budget is spent, but still marks the words", () => {
    let clock = 0;
    const issues = findSpellingIssues("Feher und Optimirung und Beitrga", words, {
      now: () => {
        clock += SPELLING_LIMITS.suggestionBudgetMs;
        return clock;
      },
    });
    expect(issues.map((issue) => issue.word)).toEqual(["Feher", "Optimirung", "Beitrga"]);
    expect(issues.every((issue) => issue.suggestions.length === 0)).toBe(true);
  });

  // Its speed is the bench's business (no timed assertions in the suite): here only what it finds.
  it("finds the misspellings in a full 280-character post with a link and a hashtag", () => {
    const post =
      "Ich hab heute meinen ersten Beitrga gescrieben und die Optimirung war toll. Wie gehts euch? Gruesse aus Muenchen. Wir testen neue Formate für Kunden und Kollegen, teilen Tipps zum Schreiben und freuen uns auf euer Feedback zu unserem Newsletter. https://example.com #Schreiben";
    const issues = findSpellingIssues(post, words);
    expect(issues.map((issue) => issue.word)).toContain("gescrieben");
  });
});

describe("suggestCorrections and findConfidentCorrection", () => {
  it("ranks a missing letter above other edits", () => {
    expect(suggestCorrections("Feher", words)[0]).toEqual({ word: "Fehler", tier: 2 });
    expect(findConfidentCorrection("Feher", words)).toBe("Fehler");
  });

  it("keeps the capital of a word at a sentence start", () => {
    expect(findConfidentCorrection("Gescrieben", words)).toBe("Geschrieben");
  });

  it("is not confident when two corrections are equally likely", () => {
    expect(findConfidentCorrection("Hau", words)).toBeNull();
  });
});
