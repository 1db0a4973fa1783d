import { beforeAll, describe, expect, it } from "vitest";
import { correctObviousMistakes, fitPostToCriteria } from "./demo-editor.ts";
import { loadGermanWordList } from "./german-word-list.ts";
import { detectLanguage } from "./post-language.ts";
import type { WordList } from "./spelling-hints.ts";

const PERFECT_POST =
  "Kleine Teams gewinnen mit klaren Posts. Schreib einen Gedanken pro Satz und zeig, was er bringt. Probier es heute aus und sag mir, wie es lief! #Marketing";

describe("fitPostToCriteria", () => {
  it("leaves a post that already passes unchanged", () => {
    expect(fitPostToCriteria(PERFECT_POST)).toBe(PERFECT_POST);
  });

  it("keeps every link and the first hashtag, and does not cut the sentence that carries them", () => {
    const text =
      "Was wir in drei Jahren Content-Arbeit über Planung gelernt haben, steht jetzt in unserem neuen Leitfaden: https://example.com/leitfaden und die Checkliste gibt es unter https://example.com/checkliste!!! #Content #Planung #Marketing";
    expect(fitPostToCriteria(text)).toBe(
      "Was wir in drei Jahren Content-Arbeit über Planung gelernt haben, steht jetzt in unserem neuen Leitfaden: https://example.com/leitfaden und die Checkliste gibt es unter https://example.com/checkliste! #Content",
    );
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

  it("ends an over-long sentence at a comma only before a conjunction that starts a main clause", () => {
    const fitted = fitPostToCriteria(
      "Wir haben heute unser neues Werkzeug für bessere Beiträge veröffentlicht, und es hilft kleinen Teams jeden Tag beim Schreiben.",
    );
    expect(fitted).toContain("veröffentlicht. Und es hilft");
    const noMainClause =
      "Unser Werkzeug ist klein, aber fein, und es zeigt, was wir wissen, und freut sich über jede Rückmeldung von euch allen.";
    expect(fitPostToCriteria(noMainClause)).toContain("klein, aber fein. Und es zeigt, was wir wissen, und freut sich");
  });

  it("ends an over-long sentence at a semicolon or a line break", () => {
    expect(
      fitPostToCriteria(
        "Wir haben drei Monate lang an der neuen Planungsansicht gebaut; sie zeigt jetzt jede Woche auf einen Blick und spart dir Zeit.",
      ),
    ).toContain("gebaut. Sie zeigt");
    expect(
      fitPostToCriteria(
        "Neu in der Planung ab heute für alle Teams\nJede Woche auf einen Blick mit allen Beiträgen und Kanälen in einer Ansicht",
      ),
    ).toMatch(/^Neu in der Planung ab heute für alle Teams\.\nJede Woche/);
  });

  it("leaves an over-long sentence it cannot end safely as it is, with its real score", () => {
    const text =
      "Das ist ein sehr langer Satz ohne Punkt und Komma der einfach immer weiter geht und kein Ende nimmt weil der Autor vergessen hat Satzzeichen zu setzen";
    expect(fitPostToCriteria(text)).toBe(text);
  });

  it("drops whole sentences from the end to fit 195 characters and 37 words", () => {
    const sentence = "Wir schreiben jeden Tag bessere Beiträge für kleine Teams und große Marken in ganz Deutschland.";
    expect(fitPostToCriteria(Array.from({ length: 4 }, () => sentence).join(" "))).toBe(`${sentence} ${sentence}`);
  });

  it("keeps a later sentence with a link and drops sentences without one instead", () => {
    const text =
      "Unser Sommerfest war ein voller Erfolg und wir danken allen Gästen herzlich. Es gab Musik, Essen und viele gute Gespräche bis spät in die Nacht. Die Kinder hatten beim Basteln und Schminken ihren Spaß. Die Fotos findest du hier: https://example.com/fotos #Sommerfest";
    expect(fitPostToCriteria(text)).toBe(
      "Unser Sommerfest war ein voller Erfolg und wir danken allen Gästen herzlich. Die Fotos findest du hier: https://example.com/fotos #Sommerfest",
    );
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
