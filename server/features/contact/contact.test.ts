import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contactMessages } from "#server/db/schema/contact-messages.ts";
import { PUBLIC_TOO_MANY_REQUESTS } from "#server/rate-limit.ts";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MIN_FILL_MS, CONTACT_TEXTS } from "#shared/contact.ts";
import { INVALID_CHARACTERS_MESSAGE } from "#shared/text.schemas.ts";
import { adminCookie, setUpAdminTestApp, setUpBlockTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { createTestApp, readJson, TEST_BASE_URL, type TestApp } from "../../../tests/setup/test-app.ts";
import { waitForMail } from "../../../tests/support/outbox.ts";
import { CONTACT_RATE_LIMIT } from "./contact.service.ts";

const OPERATOR = "kontakt@postwerk.example";

// TRUST_PROXY lets each test speak from its own address, so no test uses up another's limit.
// The admin reads the stored messages as the dashboard does (ADR 0081).
setUpAdminTestApp({ env: { CONTACT_EMAIL: OPERATOR, TRUST_PROXY: "1" } });
afterEach(() => vi.restoreAllMocks());

let visitorCount = 0;

// A fresh visitor: own address, own e-mail, and a form filled at human speed.
function newVisitor() {
  visitorCount += 1;
  return {
    ip: `203.0.113.${visitorCount}`,
    fields: {
      name: "Erika Mustermann",
      email: `besucher-${visitorCount}@example.test`,
      message: "Guten Tag, ich hätte gern ein Angebot für unser Team.",
      website: "",
      fillDurationMs: CONTACT_MIN_FILL_MS + 5000,
    },
  };
}

function sendContact(app: TestApp, ip: string, body: unknown) {
  return app.request("/api/contact", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "x-forwarded-for": ip },
  });
}

function storedMessagesFrom(app: TestApp, email: string) {
  return app.db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

describe("POST /api/contact", () => {
  it("stores a valid message with status new, without a session", async () => {
    const { ip, fields } = newVisitor();
    const response = await sendContact(t, ip, { ...fields, name: "  Erika Mustermann  " });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: CONTACT_TEXTS.sent });
    const rows = await storedMessagesFrom(t, fields.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Erika Mustermann", message: fields.message, status: "new" });
  });

  it.each([
    ["a name shorter than 2 characters", { name: " E " }, "Name muss mindestens 2 Zeichen lang sein."],
    ["no name at all", { name: undefined }, "Name muss mindestens 2 Zeichen lang sein."],
    ["a name longer than 100 characters", { name: "E".repeat(101) }, "Name darf höchstens 100 Zeichen lang sein."],
    ["an invalid e-mail", { email: "erika@" }, "Bitte geben Sie eine gültige E-Mail-Adresse ein."],
    [
      "a message shorter than 10 characters",
      { message: "Hallo    " },
      "Nachricht muss mindestens 10 Zeichen lang sein.",
    ],
    [
      "a NUL byte in the message",
      { message: "Guten Tag,\u0000 ich hätte gern ein Angebot." },
      INVALID_CHARACTERS_MESSAGE,
    ],
    ["a lone surrogate in the name", { name: "Erika \ud800" }, INVALID_CHARACTERS_MESSAGE],
    [
      "a message longer than 5000 characters",
      { message: "a".repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) },
      "Nachricht darf höchstens 5000 Zeichen lang sein.",
    ],
  ])("refuses %s with 400 and the German message, storing nothing", async (_case, change, error) => {
    const { ip, fields } = newVisitor();
    const response = await sendContact(t, ip, { ...fields, ...change });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error, code: "INVALID_INPUT" });
    expect(await storedMessagesFrom(t, fields.email)).toHaveLength(0);
  });

  it("answers a body that is no contact form with 400, never 500", async () => {
    for (const body of ["{kein json", "[]", "null"]) {
      const response = await sendContact(t, newVisitor().ip, body);
      expect(response.status).toBe(400);
    }
  });

  it("keeps a message sent 1 s after the form opened, answers it as sent, and shows it to the admin as suspected spam", async () => {
    const { ip, fields } = newVisitor();
    const send = vi.spyOn(t.deps.mailer, "send");
    const response = await sendContact(t, ip, { ...fields, fillDurationMs: 1000 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: CONTACT_TEXTS.sent });

    const listed = async (spam?: "exclude" | "only") => {
      const query = spam ? { spam } : {};
      const { messages } = await readJson(await t.api(adminCookie).admin.messages.$get({ query }), 200);
      return messages.filter((message) => message.email === fields.email);
    };
    expect(await listed()).toEqual([
      expect.objectContaining({ message: fields.message, status: "new", spamSuspicion: "too-fast" }),
    ]);
    expect(await listed("only")).toHaveLength(1);
    expect(await listed("exclude")).toHaveLength(0);
    // The operator's mailbox gets no suspected spam; the admin's list has it.
    expect(send).not.toHaveBeenCalled();
  });

  it("keeps a form sent without a fill time or with an odd one, and one with the honeypot filled, each with its reason", async () => {
    const cases = [
      [{ fillDurationMs: CONTACT_MIN_FILL_MS - 1 }, "too-fast"],
      [{ fillDurationMs: undefined }, "too-fast"],
      [{ fillDurationMs: "9999" }, "too-fast"],
      // A password manager may fill a field called "website" in spite of autocomplete="off".
      [{ website: "https://spam.example" }, "honeypot"],
    ] as const;
    for (const [change, reason] of cases) {
      const { ip, fields } = newVisitor();
      const response = await sendContact(t, ip, { ...fields, ...change });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: CONTACT_TEXTS.sent });
      expect(await storedMessagesFrom(t, fields.email)).toEqual([
        expect.objectContaining({ status: "new", spamSuspicion: reason }),
      ]);
    }
  });

  it("stores a message filled in at human speed without suspicion", async () => {
    const { ip, fields } = newVisitor();
    await sendContact(t, ip, fields);
    expect(await storedMessagesFrom(t, fields.email)).toEqual([expect.objectContaining({ spamSuspicion: null })]);
  });

  it(`allows ${CONTACT_RATE_LIMIT.max} messages per address in ten minutes, then answers 429 in German`, async () => {
    const { ip, fields } = newVisitor();
    for (let sent = 0; sent < CONTACT_RATE_LIMIT.max; sent++) {
      expect((await sendContact(t, ip, fields)).status).toBe(200);
    }
    const refused = await sendContact(t, ip, fields);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: PUBLIC_TOO_MANY_REQUESTS, code: "TOO_MANY_REQUESTS" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await storedMessagesFrom(t, fields.email)).toHaveLength(CONTACT_RATE_LIMIT.max);
    // Another address is not affected.
    expect((await sendContact(t, newVisitor().ip, fields)).status).toBe(200);
  });

  it("mails the operator name, e-mail and message, with Reply-To set to the visitor", async () => {
    const { ip, fields } = newVisitor();
    const send = vi.spyOn(t.deps.mailer, "send");
    await sendContact(t, ip, { ...fields, message: "Erste Zeile.\nZweite Zeile mit <b>Markup</b>." });
    const mail = await waitForMail(t.dataDir, OPERATOR, (m) => m.text.includes(fields.email));
    expect(mail.subject).toBe("Neue Kontaktanfrage von Erika Mustermann");
    expect(mail.text).toContain("Name: Erika Mustermann");
    expect(mail.text).toContain("Erste Zeile.\nZweite Zeile mit <b>Markup</b>.");
    expect(mail.links).toContain(`${TEST_BASE_URL}/admin`);
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ to: OPERATOR, replyTo: fields.email }));
  });

  it("keeps the message and answers success when the operator mail fails", async () => {
    const { ip, fields } = newVisitor();
    vi.spyOn(t.deps.mailer, "send").mockRejectedValueOnce(new Error("SMTP nicht erreichbar"));
    const response = await sendContact(t, ip, fields);
    expect(response.status).toBe(200);
    expect(await storedMessagesFrom(t, fields.email)).toHaveLength(1);
  });

  it("sends no mail for suspected spam", async () => {
    const send = vi.spyOn(t.deps.mailer, "send");
    for (const change of [{ website: "https://spam.example" }, { fillDurationMs: 10 }]) {
      const { ip, fields } = newVisitor();
      expect((await sendContact(t, ip, { ...fields, ...change })).status).toBe(200);
    }
    expect(send).not.toHaveBeenCalled();
  });
});

describe("the log of a failed contact message (ADR 0020)", () => {
  it("names the request and the database error, never the sender's e-mail, name or message", async () => {
    const lines: string[] = [];
    const logDestination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const failing = await createTestApp({ env: { LOG_LEVEL: "info" }, logDestination });
    try {
      // Every insert now fails inside PostgreSQL, as a full disk or a lost connection would.
      await failing.db.execute(sql`alter table contact_messages add constraint refuse_all check (false)`);
      const { ip, fields } = newVisitor();
      const secret = { ...fields, name: "Geheime Absenderin", message: "Vertraulicher Nachrichtentext 4711" };
      const response = await sendContact(failing, ip, secret);
      expect(response.status).toBe(500);
      const log = lines.join("\n");
      const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === "Unerwarteter Fehler");
      expect(failure?.requestId).toEqual(expect.any(String));
      expect(failure?.err.message).toMatch(/^Failed query: insert into "contact_messages"/);
      expect(failure?.err.cause.code).toBe("23514");
      expect(log).not.toContain(fields.email);
      expect(log).not.toContain("Geheime Absenderin");
      expect(log).not.toContain("Vertraulicher Nachrichtentext");
    } finally {
      await failing.close();
    }
  });
});

describe("POST /api/contact without CONTACT_EMAIL", () => {
  const plain = setUpBlockTestApp();

  it("stores the message and sends no mail", async () => {
    const { ip, fields } = newVisitor();
    const send = vi.spyOn(plain.deps.mailer, "send");
    const response = await sendContact(plain, ip, fields);
    expect(response.status).toBe(200);
    expect(await storedMessagesFrom(plain, fields.email)).toHaveLength(1);
    expect(send).not.toHaveBeenCalled();
  });
});
