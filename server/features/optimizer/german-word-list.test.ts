import { beforeAll, describe, expect, it } from "vitest";
import { loadGermanWordList } from "./german-word-list.ts";
import { findSpellingIssues, type WordList } from "./spelling-hints.ts";

// Sentences a social-media manager writes every day: the hints must not mark the words German
// marketing takes from English, or every post is full of red.
const EVERYDAY_MARKETING = [
  "Unsere Learnings aus dem Remote-Onboarding: Content mit Call-to-Action und Feedback im Meeting.",
  "Wir arbeiten remote und hybrid, mit Homeoffice, Workshops und einem Sprint-Review pro Woche.",
  "Neue Insights zu Leads, Sales und Conversion: unsere Case Study zum Launch mit Best Practices.",
  "Employer Branding, Recruiting und Onboarding: Tipps für dein Team, Know-how zum Mitnehmen.",
  "Jetzt den Newsletter abonnieren, Link in Bio, zum Webinar anmelden und beim Giveaway mitmachen.",
  "Die Keynote unseres Speakers auf dem Panel, danach Networking und ein Livestream auf LinkedIn und Instagram.",
  "Unsere KPIs im Dashboard: Reichweite, Impressions, Klickrate und Engagement pro Post.",
  "Das Tool spart Zeit beim Content-Marketing, beim Storytelling und beim Community-Management.",
];

let words: WordList;
beforeAll(async () => {
  words = await loadGermanWordList();
});

describe("the German word list", () => {
  it.each(EVERYDAY_MARKETING)("knows every word of: %s", (sentence) => {
    expect(findSpellingIssues(sentence, words).map((issue) => issue.word)).toEqual([]);
  });

  it("still marks real typos among them", () => {
    expect(findSpellingIssues("Unsere Learnigns aus dem Onbaording.", words).map((issue) => issue.word)).toEqual([
      "Learnigns",
      "Onbaording",
    ]);
  });
});
