import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { THREAD_SAMPLE_LINK as LINK, THREAD_SAMPLE as LONG_TEXT } from "../tests/support/thread-sample.ts";
import { computePostMetrics, evaluatePost } from "./post-metrics.ts";
import {
  autoSplitThread,
  describeThreadScore,
  evaluateThread,
  joinThread,
  numberThreadPosts,
  splitThread,
  splitThreadParts,
  X_POST_WEIGHTED_MAX,
} from "./x-thread.ts";

// What must never be cut apart by a split.
const WHOLE = [LINK, "@postwerk", "#Softwareentwicklung", "3.5", "z.B. die", "Dr. Schmidt", "ca. 40", "🧑‍💻"];

function weightOf(text: string): number {
  return computePostMetrics(text).adjustedLength;
}

// The words of a text, so a split can be checked to lose, add or reorder nothing.
function wordsOf(texts: string[]): string[] {
  return texts.join(" ").split(/\s+/).filter(Boolean);
}

describe("splitThread", () => {
  it("splits at one or more blank lines and trims each post", () => {
    const text = "Erster Post.\n\nZweiter Post.\n \n\n\t\nDritter\nmit Zeilenumbruch.  ";
    expect(splitThread(text)).toEqual(["Erster Post.", "Zweiter Post.", "Dritter\nmit Zeilenumbruch."]);
  });

  it("splits at a line with only the separator, with or without blank lines around it", () => {
    const text = "Eins.\n---\nZwei.\n\n  ---  \n\nDrei.\r\n-----\r\nVier.";
    expect(splitThread(text)).toEqual(["Eins.", "Zwei.", "Drei.", "Vier."]);
  });

  it("keeps dashes inside a line and a single line break", () => {
    expect(splitThread("Preis --- heute\nnur 5 €")).toEqual(["Preis --- heute\nnur 5 €"]);
  });

  it("gives no post for an empty or blank text", () => {
    expect(splitThread("")).toEqual([]);
    expect(splitThread(" \n\n---\n ")).toEqual([]);
  });

  it("gives each post's position in the whole text", () => {
    const text = "  Eins.\n\n---\n  Zwei drei.\n";
    expect(splitThreadParts(text)).toEqual([
      { text: "Eins.", start: 2 },
      { text: "Zwei drei.", start: 15 },
    ]);
    for (const part of splitThreadParts(text)) {
      expect(text.slice(part.start, part.start + part.text.length)).toBe(part.text);
    }
  });
});

describe("joinThread", () => {
  it("puts a blank line between posts and keeps a post's own blank line from splitting it", () => {
    const joined = joinThread(["Eins.", "Zwei.\n\nNoch zwei.", "  ", "Drei."]);
    expect(joined).toBe("Eins.\n\nZwei.\nNoch zwei.\n\nDrei.");
    expect(splitThread(joined)).toEqual(["Eins.", "Zwei.\nNoch zwei.", "Drei."]);
  });
});

describe("numberThreadPosts", () => {
  it("appends i/n after a space, only with numbering on and more than one post", () => {
    expect(numberThreadPosts(["A", "B", "C"], true)).toEqual(["A 1/3", "B 2/3", "C 3/3"]);
    expect(numberThreadPosts(["A", "B"], false)).toEqual(["A", "B"]);
    expect(numberThreadPosts(["A"], true)).toEqual(["A"]);
  });
});

describe("autoSplitThread", () => {
  it("splits the 900-character text at sentence ends into posts X accepts, mostly in the target range", () => {
    expect(LONG_TEXT.length).toBeGreaterThan(900);
    const posts = autoSplitThread(LONG_TEXT, false);
    expect(posts.length).toBeGreaterThan(3);
    for (const post of posts) {
      expect(weightOf(post)).toBeLessThanOrEqual(X_POST_WEIGHTED_MAX);
      // Every post ends where a sentence ends.
      expect(post).toMatch(/[.!?]$|#Softwareentwicklung$/);
    }
    const inTarget = posts.filter((post) => weightOf(post) >= 130 && weightOf(post) <= 195);
    expect(inTarget.length).toBeGreaterThanOrEqual(posts.length - 2);
    expect(wordsOf(posts)).toEqual(wordsOf([LONG_TEXT]));
  });

  it.each([false, true])(
    "never splits a link, mention, hashtag, 3.5 or an abbreviation (numbering %s)",
    (numbering) => {
      const posts = autoSplitThread(LONG_TEXT, numbering);
      for (const whole of WHOLE) {
        expect(
          posts.filter((post) => post.includes(whole)),
          whole,
        ).toHaveLength(1);
      }
    },
  );

  it("keeps every numbered post within 280, the numbers counted", () => {
    const posts = numberThreadPosts(autoSplitThread(LONG_TEXT, true), true);
    expect(posts.at(-1)).toMatch(/ (\d+)\/\1$/);
    for (const post of posts) expect(weightOf(post)).toBeLessThanOrEqual(X_POST_WEIGHTED_MAX);
  });

  it("makes room for two-digit numbers when the thread has ten posts or more", () => {
    const sentence = `${"Wort ".repeat(44)}Ende.`;
    const text = Array.from({ length: 12 }, () => sentence).join(" ");
    const posts = autoSplitThread(text, true);
    expect(posts.length).toBeGreaterThanOrEqual(10);
    for (const post of numberThreadPosts(posts, true)) {
      expect(weightOf(post)).toBeLessThanOrEqual(X_POST_WEIGHTED_MAX);
    }
  });

  it("leaves a text that fits one post as one post", () => {
    const text = "Ein kurzer Gedanke. Noch einer.\n\nUnd ein dritter, der eben noch dazupasst.";
    expect(autoSplitThread(text, true)).toEqual([
      "Ein kurzer Gedanke. Noch einer. Und ein dritter, der eben noch dazupasst.",
    ]);
  });

  it("gives the same posts when a split thread is split again", () => {
    for (const numbering of [false, true]) {
      const posts = autoSplitThread(LONG_TEXT, numbering);
      expect(autoSplitThread(joinThread(autoSplitThread(LONG_TEXT, !numbering)), numbering)).toEqual(posts);
      expect(autoSplitThread(joinThread(posts), numbering)).toEqual(posts);
    }
  });

  it("splits a sentence longer than a post between words, never after Dr., z.B. or 3.", () => {
    for (let padding = 0; padding < 50; padding++) {
      const sentence = `${"lang ".repeat(padding)}wie Dr. Müller und z.B. am 3. Mai ${"weiter ".repeat(60)}${LINK} @postwerk #Thema 3.5 Ende`;
      const posts = autoSplitThread(sentence, true);
      expect(posts.length).toBeGreaterThan(1);
      for (const post of numberThreadPosts(posts, true)) {
        expect(weightOf(post)).toBeLessThanOrEqual(X_POST_WEIGHTED_MAX);
      }
      for (const post of posts.slice(0, -1)) expect(post).not.toMatch(/(Dr|z\.B|3)\.$/);
      for (const whole of [LINK, "@postwerk", "#Thema", "3.5"]) {
        expect(posts.filter((post) => post.includes(whole))).toHaveLength(1);
      }
      expect(wordsOf(posts)).toEqual(wordsOf([sentence]));
    }
  });

  it("cuts a single word longer than a post between characters, not inside an emoji", () => {
    const word = "🧑‍💻".repeat(200);
    const posts = autoSplitThread(word, false);
    expect(posts.join("")).toBe(word);
    for (const post of posts) {
      expect(weightOf(post)).toBeLessThanOrEqual(X_POST_WEIGHTED_MAX);
      expect(post.startsWith("🧑‍💻") && post.endsWith("💻")).toBe(true);
    }
  });

  it("for any text: every numbered post fits X and no word is lost or cut", () => {
    const word = fc.constantFrom(
      "Wort",
      "Entwicklerin",
      "z.B.",
      "Dr.",
      "3.5",
      "3.",
      "€",
      "…",
      "🧑‍💻",
      "👍🏽",
      "@postwerk",
      "#Thema",
      LINK,
      "example.com",
      "Satz.",
      "Frage?",
      "Ruf!",
    );
    const gap = fc.constantFrom(" ", " ", " ", "\n", "\n\n", "\n---\n");
    const text = fc
      .array(fc.tuple(word, gap), { minLength: 1, maxLength: 220 })
      .map((pairs) => pairs.map(([w, g]) => w + g).join(""));
    fc.assert(
      fc.property(text, fc.boolean(), (input, numbering) => {
        const posts = autoSplitThread(input, numbering);
        for (const post of numberThreadPosts(posts, numbering)) {
          expect(weightOf(post)).toBeLessThanOrEqual(X_POST_WEIGHTED_MAX);
        }
        expect(wordsOf(posts).filter((w) => w !== "---")).toEqual(wordsOf([input]).filter((w) => w !== "---"));
      }),
      { numRuns: 200 },
    );
  });
});

describe("evaluateThread", () => {
  const GOOD =
    "Kurze Sätze wirken. Ein Hashtag reicht völlig, und ein Ausrufezeichen setzt den Akzent! Probier es heute aus und teile deine Erfahrung mit uns. #Reichweite";

  it("scores each post with the six criteria and counts the posts that pass all of them", () => {
    const thread = evaluateThread([GOOD, "Zu kurz.", GOOD], false);
    expect(thread.posts.map((post) => post.score)).toEqual([6, 5, 6]);
    expect(thread.posts[1]?.criteria.find((criterion) => criterion.id === "length")?.passed).toBe(false);
    expect(thread.passed).toBe(2);
    expect(thread.summary).toBe("2 von 3 Posts erfüllen alle Kriterien");
  });

  it("scores the numbered posts when numbering is on", () => {
    const thread = evaluateThread([GOOD, GOOD], true);
    expect(thread.posts.map((post) => post.text)).toEqual([`${GOOD} 1/2`, `${GOOD} 2/2`]);
    expect(thread.posts[0]?.metrics.adjustedLength).toBe(evaluatePost(GOOD).metrics.adjustedLength + 4);
  });

  it("words the summary for one post and one passing post", () => {
    expect(describeThreadScore(1, 5)).toBe("1 von 5 Posts erfüllt alle Kriterien");
    expect(describeThreadScore(0, 1)).toBe("0 von 1 Post erfüllt alle Kriterien");
    expect(describeThreadScore(4, 5)).toBe("4 von 5 Posts erfüllen alle Kriterien");
  });
});
