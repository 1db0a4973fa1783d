import type { z } from "zod";

// ADR 0080: zod's words wherever a schema does not word its own message, in German. The server
// answers a request with the schema's own message or the route's (server/validation.ts); these
// are what a form shows for a field whose schema has none, and what Better Auth's and the
// configuration's checks say. zod's own German locale names types and operators ("erwartet
// object, erhalten string", ">=5"), so the sentences are ours. Neutral wording on purpose: the
// same texts serve the "Sie" pages and the optimizer's "du" (like INVALID_CHARACTERS_MESSAGE).

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const EXPECTED_TYPE: Record<string, string> = {
  string: "Hier wird ein Text erwartet.",
  number: "Hier wird eine Zahl erwartet.",
  int: "Hier wird eine ganze Zahl erwartet.",
  bigint: "Hier wird eine ganze Zahl erwartet.",
  boolean: "Hier wird Ja oder Nein erwartet.",
  date: "Hier wird ein Datum erwartet.",
  array: "Hier wird eine Liste erwartet.",
  object: "Hier werden mehrere zusammengehörige Angaben erwartet.",
};

const FORMAT: Record<string, string> = {
  email: "Das ist keine gültige E-Mail-Adresse.",
  url: "Das ist keine gültige Internetadresse.",
  datetime: "Das ist kein gültiger Zeitpunkt.",
  date: "Das ist kein gültiges Datum.",
  time: "Das ist keine gültige Uhrzeit.",
  uuid: "Diese Kennung ist ungültig.",
  guid: "Diese Kennung ist ungültig.",
};

const INVALID = "Diese Angabe ist ungültig.";

function amount(value: number | bigint): string {
  return value.toLocaleString("de-DE");
}

function tooSmall(issue: Extract<Issue, { code: "too_small" }>): string {
  const minimum = amount(issue.minimum);
  switch (issue.origin) {
    case "string":
      return issue.minimum === 1
        ? "Dieses Feld darf nicht leer sein."
        : `Hier sind mindestens ${minimum} Zeichen nötig.`;
    case "array":
    case "set":
      return `Hier sind mindestens ${minimum} Einträge nötig.`;
    case "number":
    case "int":
    case "bigint":
      return issue.inclusive === false
        ? `Der Wert muss größer als ${minimum} sein.`
        : `Der Wert muss mindestens ${minimum} sein.`;
    case "date":
      return "Das Datum liegt zu früh.";
    case "file":
      return "Die Datei ist zu klein.";
    default:
      return "Diese Angabe ist zu klein.";
  }
}

function tooBig(issue: Extract<Issue, { code: "too_big" }>): string {
  const maximum = amount(issue.maximum);
  switch (issue.origin) {
    case "string":
      return `Hier sind höchstens ${maximum} Zeichen erlaubt.`;
    case "array":
    case "set":
      return `Hier sind höchstens ${maximum} Einträge erlaubt.`;
    case "number":
    case "int":
    case "bigint":
      return issue.inclusive === false
        ? `Der Wert muss kleiner als ${maximum} sein.`
        : `Der Wert darf höchstens ${maximum} sein.`;
    case "date":
      return "Das Datum liegt zu spät.";
    case "file":
      return "Die Datei ist zu groß.";
    default:
      return "Diese Angabe ist zu groß.";
  }
}

function germanMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return "Diese Angabe fehlt.";
      return EXPECTED_TYPE[issue.expected] ?? INVALID;
    case "too_small":
      return tooSmall(issue);
    case "too_big":
      return tooBig(issue);
    case "invalid_format":
      return FORMAT[issue.format] ?? "Diese Angabe hat nicht das erwartete Format.";
    case "invalid_value":
      return "Dieser Wert ist hier nicht vorgesehen.";
    case "not_multiple_of":
      return `Der Wert muss ein Vielfaches von ${amount(issue.divisor)} sein.`;
    case "unrecognized_keys":
      return "Die Angaben enthalten unbekannte Felder.";
    default:
      return INVALID;
  }
}

/**
 * zod's configuration for German messages, shaped like its own locales:
 * `config(germanZodLocale())` once before the first parse (app/lib/zod.ts in the browser,
 * server/start-server.ts on the server, tests/setup/zod-locale.ts in the tests).
 */
export function germanZodLocale(): { localeError: z.core.$ZodErrorMap } {
  return { localeError: germanMessage };
}
