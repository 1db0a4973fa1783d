import { describe, expect, it } from "vitest";
import { comparePosts } from "./post-diff.ts";

// ADR 0101: an edit is compared word by word, a rewrite sentence by sentence.
describe("comparePosts", () => {
  it("compares an edit word by word", () => {
    const { granularity, parts } = comparePosts(
      "Wir haben heute frische Brötchen im Laden.",
      "Wir haben heute frische Zimtschnecken im Laden.",
    );
    expect(granularity).toBe("word");
    expect(parts.filter((part) => part.removed).map((part) => part.value)).toEqual(["Brötchen"]);
    expect(parts.filter((part) => part.added).map((part) => part.value)).toEqual(["Zimtschnecken"]);
  });

  it("compares a rewrite by whole sentences, so neither text is cut into alternating words", () => {
    const original = "Wir haben ein neues Angebot. Kommt vorbei und probiert es aus!";
    const suggested = "Kleine Teams sparen Zeit mit Postwerk. Teste es sieben Tage lang gratis.";
    const { granularity, parts } = comparePosts(original, suggested);
    expect(granularity).toBe("sentence");
    const removed = parts
      .filter((part) => part.removed)
      .map((part) => part.value)
      .join("");
    const added = parts
      .filter((part) => part.added)
      .map((part) => part.value)
      .join("");
    const words = (text: string) => text.replace(/\s+/g, "");
    expect(words(removed)).toBe(words(original));
    expect(words(added)).toBe(words(suggested));
    expect(parts.every((part) => part.value.trim() !== "")).toBe(true);
  });

  it("keeps an unchanged sentence of a rewrite as it is", () => {
    const { granularity, parts } = comparePosts(
      "Guten Morgen. Wir haben ein neues Angebot und zeigen es euch heute.",
      "Guten Morgen. Kleine Teams sparen ab sofort jeden Tag eine Stunde.",
    );
    expect(granularity).toBe("sentence");
    expect(parts.find((part) => !part.added && !part.removed)?.value).toContain("Guten Morgen.");
  });
});
