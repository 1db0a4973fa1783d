import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseWithMessage } from "./validation.ts";

// ADR 0080: a route answers with the schema's own words for the field at fault, else with its
// own German fallback; never with the generic text of zod's locale.

const FALLBACK = "Die Angaben sind unvollständig. Bitte prüfen Sie den Beitrag.";
const schema = z.object({
  text: z.string({ error: "Bitte geben Sie einen Text ein." }).min(1),
  when: z.object({ date: z.string(), time: z.string() }).optional(),
  tags: z.array(z.object({ name: z.string() })).optional(),
});

function messageFor(value: unknown): string | null {
  const parsed = parseWithMessage(schema, value, FALLBACK);
  return parsed.success ? null : parsed.message;
}

describe("parseWithMessage", () => {
  it("answers with the schema's own message for the field at fault, also for its unworded checks", () => {
    expect(messageFor({ text: 5 })).toBe("Bitte geben Sie einen Text ein.");
    expect(messageFor({ text: "" })).toBe("Bitte geben Sie einen Text ein.");
  });

  it.each([
    ["an object field given as a string", { text: "a", when: "2027-01-01T10:00" }],
    ["an object field given as null", { text: "a", when: null }],
    ["a list entry given as null", { text: "a", tags: [null] }],
    ["a field inside an entry", { text: "a", tags: [{ name: 1 }] }],
    ["a body that is no object", "Hallo"],
    ["a body that is a list", [1]],
  ])("answers with the route's fallback for %s", (_case, value) => {
    expect(messageFor(value)).toBe(FALLBACK);
  });

  it("returns the parsed value", () => {
    expect(parseWithMessage(schema, { text: "a" }, FALLBACK)).toEqual({ success: true, data: { text: "a" } });
  });
});
