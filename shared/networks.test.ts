import { describe, expect, it } from "vitest";
import { checkPostText, postLength } from "./networks.ts";

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
