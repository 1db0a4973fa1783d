import { describe, expect, it } from "vitest";
import { checkPostText, postLength } from "./post-length.ts";

describe("postLength", () => {
  it.each<[string, Parameters<typeof postLength>[0], string, number]>([
    ["weighs an X post like X, every emoji 2 (ADR 0063)", "x", "Neu 🧑‍💻 https://postwerk.de", 3 + 1 + 2 + 1 + 23],
    ["counts graphemes on Bluesky", "bluesky", "Neu 🧑‍💻", 5],
    ["counts UTF-16 code units on LinkedIn", "linkedin", "Neu 🧑‍💻", 9],
  ])("%s", (_name, network, text, expected) => {
    expect(postLength(network, text)).toBe(expected);
  });
});

describe("checkPostText", () => {
  it("lets an X post of 140 new emoji through, which X counts as 280", () => {
    expect(checkPostText("x", "🫶🏽".repeat(140))).toEqual({ length: 280, max: 280, fits: true, empty: false });
  });
});

describe("a post without a visible character is empty", () => {
  it.each([
    ["zero-width spaces", "\u200B\u200B"],
    ["a zero-width joiner", "\u200D"],
    ["a byte-order mark", "\uFEFF"],
    ["a word joiner", "\u2060"],
    ["a soft hyphen and a zero-width non-joiner", "\u00AD\u200C"],
    ["combining accents without a letter", "\u0301\u0308"],
    ["spaces, tabs and line breaks", " \t\n\u00A0\u3000"],
    ["a Hangul filler and a Braille blank", "\u3164\u2800"],
    ["a mix of all of them", " \u200B\n\u0301\uFEFF\u2060 "],
  ])("%s", (_name, text) => {
    for (const network of ["x", "linkedin", "bluesky"] as const) expect(checkPostText(network, text).empty).toBe(true);
  });

  it.each([
    ["a letter with a combining accent", "e\u0301"],
    ["one emoji", "🫶🏽"],
    ["a letter between zero-width spaces", "\u200Ba\u200B"],
    ["a dot", "."],
  ])("%s is not", (_name, text) => {
    expect(checkPostText("x", text).empty).toBe(false);
  });
});
