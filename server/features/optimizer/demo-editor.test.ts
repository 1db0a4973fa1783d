import { beforeAll, describe, expect, it } from "vitest";
import { POST_SCORE_MAX } from "#shared/optimizer.ts";
import { evaluatePost } from "#shared/post-metrics.ts";
import { correctObviousMistakes, fitPostToCriteria } from "./demo-editor.ts";
import { loadGermanWordList } from "./german-word-list.ts";
import { detectLanguage } from "./post-language.ts";
import type { WordList } from "./spelling-hints.ts";

const PERFECT_POST =
  "Kleine Teams gewinnen mit klaren Posts. Schreib einen Gedanken pro Satz und zeig, was er bringt. Probier es heute aus und sag mir, wie es lief! #Marketing";

const HAND_PICKED = [
  "",
  "Hallo",
  "Kurzer Post.",
  "a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j k l m n o p",
  "Heute habe ich etwas Neues gelernt!!! Schreibt mir eure Meinung!!! #lernen #wachstum #motivation",
  "@anna @ben @carla Danke für eure Hilfe beim Launch gestern, ohne euch hätten wir das nie geschafft, wirklich, ihr seid großartig und ich freue mich schon auf das nächste Projekt mit euch allen zusammen im neuen Jahr.",
  "Das ist ein sehr langer Satz ohne Punkt und Komma der einfach immer weiter geht und kein Ende nimmt weil der Autor vergessen hat Satzzeichen zu setzen und trotzdem gelesen werden möchte",
  "Check out our new blog post about content marketing for small teams https://example.com/blog/content-marketing-for-small-teams?utm_source=x&utm_medium=social&utm_campaign=launch-2026-very-long #marketing #content",
  "Im Jahr 2025 haben wir 3.5 Mio. Nutzer erreicht, bzw. fast 4 Mio. laut Dr. Müller und Prof. Schmidt, z.B. in Deutschland, Österreich und der Schweiz, usw. etc. das ist ein großartiger Meilenstein 2026",
  "🚀🚀🚀 Launch! 🎉🎉🎉 Wir sind live! 💪💪 #startup",
  "Wir lieben #Kaffee und #Kuchen, besonders mit @anna und @ben am Sonntag. #food #sunday",
  "#a #b #c",
  "Mail an anna@example.de oder ben@example.de, oder schau auf https://example.com/#kontakt vorbei! Wir freuen uns!",
  "Preise: 1. Basis 2. Premium 3. Pro 4. Enterprise 5. Agentur 6. Konzern 7. Verein 8. Schule 9. Uni 10. Stadt 11. Land 12. Bund 13. Welt",
  "€€€€€€€€€€ Sparen! Jetzt! Sofort! Heute! Morgen! Übermorgen! Immer! Überall! Mit uns! Für dich! Für alle! Ohne Ende! 💶💶💶💶💶💶💶💶",
  `${"Supercalifragilisticexpialidocious".repeat(5)} ist ein langes Wort`,
  `https://example.com/${"sehr-langer-pfad/".repeat(8)}?a=1#anker https://example.org`,
  "Zeile eins ohne Punkt\nZeile zwei ohne Punkt\nZeile drei ohne Punkt\nZeile vier ohne Punkt\nZeile fünf ohne Punkt\nZeile sechs ohne Punkt",
  "¿Qué opinas de nuestro nuevo producto? Es muy práctico para equipos pequeños y para todos los que escriben mucho en redes sociales cada día.",
  "Qu'en penses-tu ? Notre nouvel outil aide les petites équipes à écrire de meilleurs posts pour les réseaux sociaux !!! #outil #équipe",
  "Bu yeni ürün küçük ekipler için çok pratik ve sosyal medyada çok yazan herkes için harika bir yardımcı.",
  "...",
  "!!!!!!",
  "@nur_eine_erwähnung",
  "https://example.com",
  "Nr. 1 Nr. 2 Nr. 3 Nr. 4 Nr. 5 Nr. 6 Nr. 7 Nr. 8 Nr. 9 Nr. 10 Nr. 11 Nr. 12 Nr. 13 Nr. 14 Nr. 15 Nr. 16 Nr. 17 Nr. 18 Nr. 19",
  PERFECT_POST,
];

// A small seeded generator, so the "many inputs" are the same in every run.
function createRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const VOCABULARY = [
  "Heute",
  "zeigen",
  "wir",
  "euch",
  "unser",
  "neues",
  "Werkzeug",
  "für",
  "bessere",
  "Posts",
  "und",
  "mehr",
  "Reichweite",
  "auf",
  "X",
  "the",
  "team",
  "loves",
  "it",
  "#Marketing",
  "#KI",
  "@postwerk",
  "@anna",
  "https://postwerk.de/blog/tipps",
  "example.com",
  "🚀",
  "👩‍💻",
  "€",
  "2026",
  "3.5",
  "z.B.",
  "bzw.",
  "Dr.",
  "Kaffeemaschinenreparaturanleitung",
  "wirklich",
  "großartig",
];
const PUNCTUATION = ["", "", "", ",", ".", "!", "?", "!!", "...", ":"];

function generatePost(random: () => number): string {
  const length = Math.floor(random() * 90);
  const parts: string[] = [];
  for (let index = 0; index < length; index++) {
    const word = VOCABULARY[Math.floor(random() * VOCABULARY.length)] ?? "";
    const mark = PUNCTUATION[Math.floor(random() * PUNCTUATION.length)] ?? "";
    parts.push(word + mark);
    if (random() < 0.05) parts.push("\n");
  }
  return parts.join(" ");
}

describe("fitPostToCriteria", () => {
  it.each(HAND_PICKED.map((text) => [text.slice(0, 40), text]))("passes all six criteria for %j", (_, text) => {
    const fitted = fitPostToCriteria(text);
    expect(evaluatePost(fitted).score, fitted).toBe(POST_SCORE_MAX);
  });

  it("passes all six criteria for 400 generated posts", () => {
    const random = createRandom(20261122);
    for (let run = 0; run < 400; run++) {
      const text = generatePost(random);
      const fitted = fitPostToCriteria(text);
      expect(evaluatePost(fitted).score, `${JSON.stringify(text)} -> ${JSON.stringify(fitted)}`).toBe(POST_SCORE_MAX);
    }
  });

  it("leaves a post that already passes unchanged", () => {
    expect(fitPostToCriteria(PERFECT_POST)).toBe(PERFECT_POST);
  });

  it("is deterministic", () => {
    for (const text of HAND_PICKED) expect(fitPostToCriteria(text)).toBe(fitPostToCriteria(text));
  });

  it("keeps the first mention and hashtag and the writer's words, turning extra '!' into '.'", () => {
    const fitted = fitPostToCriteria(
      "@anna @ben Danke für eure Hilfe beim Launch! Ihr wart großartig! Bis bald! #launch #team #danke",
    );
    expect(fitted).toMatch(/^@anna Danke für eure Hilfe beim Launch! Ihr wart großartig\. Bis bald\./);
    expect(fitted).toMatch(/ #launch$/);
    expect(fitted).not.toMatch(/@ben|#team|#danke/);
  });

  it("lengthens a short post with a call to action in its language", () => {
    expect(fitPostToCriteria("Kurzer Post.")).toMatch(/^Kurzer Post\. Was meinst du dazu\?/);
    expect(fitPostToCriteria("This is a short post for you.")).toMatch(
      /^This is a short post for you\. What do you think\?/,
    );
  });

  it("splits an over-long sentence at a comma rather than anywhere", () => {
    const fitted = fitPostToCriteria(
      "Wir haben heute unser neues Werkzeug für bessere Beiträge veröffentlicht, und es hilft kleinen Teams jeden Tag beim Schreiben.",
    );
    expect(fitted).toContain("veröffentlicht. Und es hilft");
  });

  it("trims a long post at a sentence end within 37 words and 195 characters", () => {
    const sentence = "Wir schreiben jeden Tag bessere Beiträge für kleine Teams und große Marken in ganz Deutschland.";
    const fitted = fitPostToCriteria(Array.from({ length: 4 }, () => sentence).join(" "));
    expect(fitted).toBe(`${sentence} ${sentence}`);
  });

  it("ends clauses at their commas when a long sentence must be cut", () => {
    const text = `${"Wir schreiben jeden Tag bessere Beiträge für kleine Teams, ".repeat(6)}und das freut uns.`;
    const sentence = "Wir schreiben jeden Tag bessere Beiträge für kleine Teams.";
    expect(fitPostToCriteria(text)).toBe([sentence, sentence, sentence].join(" "));
  });
});

describe("correctObviousMistakes", () => {
  let words: WordList;
  beforeAll(async () => {
    words = await loadGermanWordList();
  });

  it("fixes confident typos, double spaces, spaces before punctuation and sentence starts", () => {
    expect(correctObviousMistakes("ich hab heute einen Feher gemacht , das ist  doof . aber egal!", words)).toBe(
      "Ich hab heute einen Fehler gemacht, das ist doof. Aber egal!",
    );
  });

  it("keeps links, hashtags, mentions, emoji and line breaks as they are", () => {
    const text = "Neu: https://example.com/feher 🚀\n#Feher mit @feher\n\nBis bald.";
    expect(correctObviousMistakes(text, words)).toBe(text);
  });

  it("changes nothing in a correct post or a post that is not German", () => {
    expect(correctObviousMistakes(PERFECT_POST, words)).toBe(PERFECT_POST);
    const english = "This is an English post about marketing for small teams everywhere.";
    expect(correctObviousMistakes(english, words)).toBe(english);
  });
});

describe("detectLanguage", () => {
  it.each([
    ["Das ist ein Test und er ist gut.", "de"],
    ["This is the best tool for you and your team.", "en"],
    ["Es muy práctico para los equipos.", "es"],
    ["Notre outil est pour les équipes et pour vous.", "fr"],
    ["Bu ürün çok pratik ve bir harika.", "tr"],
    ["🚀🚀🚀", "de"],
  ])("recognises %j as %s", (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});
