import { describe, expect, it } from "vitest";
import { z } from "zod";
import { languageProblem } from "../tests/support/german-text.ts";

// ADR 0080: where a schema words no message of its own, zod speaks German (the tests apply
// germanZodLocale in tests/setup/zod-locale.ts, as the server and the browser do).

function firstMessage(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error(`${JSON.stringify(value)} was accepted`);
  return parsed.error.issues[0]?.message ?? "";
}

const cases: [string, z.ZodType, unknown, string][] = [
  ["a missing field", z.object({ name: z.string() }), {}, "Diese Angabe fehlt."],
  [
    "a string where an object belongs",
    z.object({ date: z.string() }),
    "2027-01-01T10:00",
    "Hier werden mehrere zusammengehörige Angaben erwartet.",
  ],
  ["a number where text belongs", z.string(), 5, "Hier wird ein Text erwartet."],
  ["an empty text", z.string().min(1), "", "Dieses Feld darf nicht leer sein."],
  ["a text too short", z.string().min(8), "kurz", "Hier sind mindestens 8 Zeichen nötig."],
  ["a text too long", z.string().max(10_000), "x".repeat(10_001), "Hier sind höchstens 10.000 Zeichen erlaubt."],
  ["a number too small", z.number().int().min(1), 0, "Der Wert muss mindestens 1 sein."],
  ["a number too big", z.number().max(100), 101, "Der Wert darf höchstens 100 sein."],
  ["a list too long", z.array(z.string()).max(2), ["a", "b", "c"], "Hier sind höchstens 2 Einträge erlaubt."],
  ["an address", z.email(), "keine-adresse", "Das ist keine gültige E-Mail-Adresse."],
  ["an id", z.uuid(), "123", "Diese Kennung ist ungültig."],
  ["a pattern", z.string().regex(/^\d{2}:\d{2}$/), "10 Uhr", "Diese Angabe hat nicht das erwartete Format."],
  ["a choice", z.enum(["a", "b"]), "c", "Dieser Wert ist hier nicht vorgesehen."],
  ["an unknown field", z.strictObject({ a: z.string() }), { a: "x", b: 1 }, "Die Angaben enthalten unbekannte Felder."],
  ["a union", z.union([z.string(), z.number()]), true, "Diese Angabe ist ungültig."],
  ["a refinement", z.string().refine((value) => value === "ja"), "nein", "Diese Angabe ist ungültig."],
];

describe("zod's messages", () => {
  it.each(cases)("are German for %s", (_case, schema, value, message) => {
    expect(firstMessage(schema, value)).toBe(message);
  });

  it("are never zod's English, whatever the issue", () => {
    for (const [, schema, value] of cases) expect(languageProblem(firstMessage(schema, value))).toBeNull();
  });

  it("leave a schema's own message alone", () => {
    expect(firstMessage(z.string({ error: "Bitte geben Sie einen Namen ein." }), undefined)).toBe(
      "Bitte geben Sie einen Namen ein.",
    );
  });
});
