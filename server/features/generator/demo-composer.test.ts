import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language, PLATFORMS, THREAD_POSTS_MAX, THREAD_POSTS_MIN, TONES } from "#shared/generator.ts";
import { computePostMetrics } from "#shared/post-metrics.ts";
import { composeDemoPosts, composeDemoThreads, splitKeyPoints } from "./demo-composer.ts";
import { PHRASES } from "./demo-phrases.ts";

// ADR 0062: whatever is typed, the demo's posts are grammatical. 50 varied German inputs, each
// through every network, tone and language, and (ADR 0065) as X threads.
const CORPUS = [
  "Wir suchen eine Werkstudentin Marketing (m/w/d) in Köln",
  "Unser Bürohund Bruno feiert 5. Geburtstag",
  "Black Friday: 30% auf alle Kurse!",
  "Neue Zimtschnecken, jeden Samstag ab 7 Uhr, mit Kardamom",
  "Sommerfest",
  "Jubiläum",
  "Hallo",
  "Sale",
  "Wir stellen ein: Elektroniker (m/w/d) für Betriebstechnik, unbefristet, 30 Tage Urlaub",
  "Ausbildungsplatz zur Bankkauffrau 2026 – jetzt bewerben",
  "Die Sommerkollektion ist da",
  "Der Weihnachtsmarkt öffnet am Freitag um 16 Uhr",
  "Das Team wächst: Willkommen, Jana!",
  "Ein neues Kapitel beginnt",
  "Eine Woche voller Workshops\nVom 3. bis 7. März\nAnmeldung bis Ende Februar",
  "Heute geschlossen wegen Inventur",
  "Jetzt neu: vegane Brötchen",
  "Feiert mit uns am Samstag!",
  "Kommt vorbei und probiert unsere neue Pizza",
  "Sichern Sie sich 20 % Rabatt mit dem Code FRUEHLING20",
  "Tag der offenen Tür, 12. April, 10–16 Uhr",
  "Webinar: Steuertipps für Selbstständige am 14.05. um 18 Uhr",
  "Konzert im Stadtpark; Eintritt frei; bei Regen in der Aula",
  "- Frische Erdbeeren\n- Spargel aus der Region\n- Neue Öffnungszeiten",
  "• Kostenlose Lieferung\n• 30 Tage Rückgaberecht\n• Kauf auf Rechnung",
  "Mehr unter https://www.example.de/sommer",
  "https://example.com/anmeldung",
  "Details auf www.baeckerei-sonnenschein.de, Fragen an info@example.de",
  "🎉 Wir werden 10 Jahre alt 🎉",
  "☕ Kaffee-Flatrate für Studierende",
  "Neue Filiale in Hamburg-Altona 🚀",
  "🌞🌞🌞",
  "Wir sind ein kleines Familienunternehmen aus dem Allgäu. Seit 1987 bauen wir Möbel aus heimischem Holz. Jedes Stück entsteht in unserer Werkstatt in Kempten, von der ersten Skizze bis zur letzten Schraube. Im Frühjahr eröffnen wir einen Showroom in München, in dem Sie unsere Tische, Stühle und Regale ausprobieren können. Wir freuen uns auf Ihren Besuch und beraten Sie gern persönlich.",
  "Mitarbeiterin des Monats: Frau Dr. Weber aus der Buchhaltung",
  "Rezept der Woche: Linsensuppe mit Speck",
  "Unsere Praxis ist vom 1. bis 15. August im Urlaub",
  "Lieferengpass bei Druckerpapier, z. B. A4 weiß",
  "Ab Montag gilt die neue Hausordnung",
  "Gewinnspiel! Drei Gutscheine im Wert von je 50 €",
  "Wusstest du, dass Bienen tanzen?",
  "Nachhaltigkeit, Regionalität, Qualität",
  "Yoga für Anfänger, dienstags 19 Uhr, im Gemeindehaus",
  "Mit Leidenschaft für gutes Brot",
  "Für alle Frühaufsteher: Frühstück ab 6 Uhr",
  "Im Mai: Spargelwochen im Restaurant Lindenhof",
  "Endlich wieder Flohmarkt auf dem Marktplatz!",
  "Danke an 1.000 Follower",
  "neue öffnungszeiten ab januar",
  "KI-Workshop für KMU: Chancen und Risiken",
  "Unser Online-Shop ist wieder erreichbar. Entschuldigen Sie die Störung!",
];

// Words that must never become a hashtag: articles, pronouns, prepositions, adverbs and the
// verbs of the corpus. Kept apart from the composer's own list, so the test checks it.
const NOT_A_HASHTAG = new Set(
  [
    "der die das den dem des ein eine einer einen wir unser unsere unsere ihr ihre sie es ich du",
    "und oder aber mit für von bei aus nach seit ab im am vom zum zur über auf in an um",
    "heute jetzt neu neue neues endlich wieder hier mehr alle jedes jeden",
    "suchen feiert feiern kommt kommen probiert stellen sichern bauen eröffnen freuen beraten wächst",
    "öffnet beginnt entsteht gilt ist sind werden wusstest tanzen entschuldigen können",
    "hallo willkommen danke",
  ]
    .join(" ")
    .split(" "),
);

const GERMAN_MARKERS = /\b(?:und|der|die|das|wir|mit|für|nicht)\b|[äß]/iu;

function firstWordLowerCased(input: string): RegExp | null {
  const [first, second] = input.trim().split(/\s+/);
  if (!first || !/^\p{Lu}/u.test(first)) return null;
  const phrase = [first.charAt(0).toLocaleLowerCase("de") + first.slice(1), second].filter(Boolean).join(" ");
  return new RegExp(`(?<![\\p{L}])${escapeRegExp(phrase)}(?![\\p{L}])`, "u");
}

function doubledWords(text: string): string[] {
  const words = text.split(/[ \t]+/).map((word) => word.toLocaleLowerCase("de"));
  return words.filter((word, index) => index > 0 && /\p{L}/u.test(word) && word === words[index - 1]);
}

function wholeWord(word: string): RegExp {
  return new RegExp(`(?<![\\p{L}])${escapeRegExp(word)}(?![\\p{L}])`, "u");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The rules every demo post keeps, alone or in a thread (ADR 0062). */
function expectGrammatical(post: string, input: string, language: Language, context: string) {
  const lowerCased = firstWordLowerCased(input);
  if (lowerCased) expect(post, context).not.toMatch(lowerCased);
  expect(doubledWords(post), context).toEqual([]);
  const tags = post.match(/#[\p{L}\p{N}]+/gu) ?? [];
  for (const tag of tags) {
    const word = tag.slice(1);
    expect(NOT_A_HASHTAG.has(word.toLocaleLowerCase("de")), `${tag} in ${context}`).toBe(false);
    // A noun as typed (capitalised) or one of the language's own fallback tags.
    const typed = wholeWord(word).test(input);
    expect(typed || PHRASES[language].fallbackTags.includes(word), `${tag} in ${context}`).toBe(true);
  }
  if (language === "german") {
    // The first key point stands alone: at a line's start, after a colon, or quoted.
    const firstPoint = shownFirstPoint(input);
    for (const match of post.matchAll(new RegExp(escapeRegExp(firstPoint), "gu"))) {
      const before = post.slice(Math.max(0, match.index - 2), match.index);
      expect(before === "" || /(?:\n|: |„|#)$/u.test(before), context).toBe(true);
    }
  } else {
    // Entirely the chosen language: none of the German input, no German template words.
    const words = input.replace(/\S*(?:https?:\/\/|www\.|@)\S*/gu, " ").split(/[^\p{L}]+/u);
    for (const word of words.filter((word) => word.length >= 4)) expect(post, context).not.toMatch(wholeWord(word));
    expect(post, context).not.toMatch(GERMAN_MARKERS);
  }
}

/** The first key point as shown: capitalised, as it begins a line or follows a colon, unless it is a link. */
function shownFirstPoint(input: string): string {
  const [typed = input.trim()] = splitKeyPoints(input);
  return /^(?:https?:\/\/|www\.)/iu.test(typed) ? typed : typed.charAt(0).toLocaleUpperCase("de") + typed.slice(1);
}

describe("the demo composer on 50 German inputs (ADR 0062)", () => {
  it("has 50 different inputs", () => {
    expect(new Set(CORPUS).size).toBe(50);
  });

  it("has three of every phrase, one for each suggestion", () => {
    for (const phrases of Object.values(PHRASES)) {
      for (const list of [...Object.values(phrases.leads), ...Object.values(phrases.closers), phrases.threadBridges])
        expect(list).toHaveLength(3);
    }
  });

  for (const input of CORPUS) {
    it(`writes grammatical posts for ${JSON.stringify(input.slice(0, 40))}`, () => {
      for (const platform of PLATFORMS) {
        for (const tone of TONES) {
          for (const language of LANGUAGES) {
            for (const post of composeDemoPosts({ platform, tone, language, keyPoints: input })) {
              const context = `${platform}/${tone}/${language}:\n${post}`;
              expectGrammatical(post, input, language, context);
              if (language === "german") expect(post, context).toContain(shownFirstPoint(input).slice(0, 20));
              if (platform === "twitter") {
                const metrics = computePostMetrics(post);
                expect(metrics.adjustedLength, context).toBeLessThanOrEqual(195);
                expect(metrics.hashtagCount, context).toBeLessThanOrEqual(1);
                expect(metrics.exclamationCount, context).toBeLessThanOrEqual(1);
              }
            }
          }
        }
      }
    });

    it(`writes three grammatical X threads for ${JSON.stringify(input.slice(0, 40))} (ADR 0065)`, () => {
      for (const tone of TONES) {
        for (const language of LANGUAGES) {
          const threads = composeDemoThreads({ tone, language, keyPoints: input });
          expect(threads).toHaveLength(3);
          expect(new Set(threads.map((posts) => posts.join("\n"))).size).toBe(3);
          for (const posts of threads) {
            const context = `${tone}/${language}:\n${posts.join("\n---\n")}`;
            expect(posts.length, context).toBeGreaterThanOrEqual(THREAD_POSTS_MIN);
            expect(posts.length, context).toBeLessThanOrEqual(THREAD_POSTS_MAX);
            if (language === "german") expect(posts[0], context).toContain(shownFirstPoint(input).slice(0, 20));
            for (const post of posts) {
              expectGrammatical(post, input, language, `${context}\n=> ${post}`);
              const metrics = computePostMetrics(post);
              expect(metrics.adjustedLength, post).toBeLessThanOrEqual(280);
              expect(metrics.exclamationCount, post).toBeLessThanOrEqual(1);
              expect(post.trim(), context).not.toBe("");
            }
            expect(posts.join(" ").match(/#[\p{L}\p{N}]+/gu)?.length ?? 0, context).toBeLessThanOrEqual(1);
          }
        }
      }
    });
  }
});
