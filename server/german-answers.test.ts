import { beforeAll, describe, it } from "vitest";
import { setUpTestApp, t } from "../tests/setup/app-per-file.ts";
import { expectError } from "../tests/setup/test-app.ts";

// ADR 0080: a body of the wrong shape is answered with a German sentence that names what is
// wrong, never with zod's English ("Invalid input: expected object, received string").

setUpTestApp();
let cookie: string;
beforeAll(async () => {
  cookie = await t.signUpAndConfirm("form@example.test");
});

const PLANNED_FOR = "Bitte geben Sie für den geplanten Zeitpunkt ein Datum und eine Uhrzeit an.";
const TARGET = "Bitte wählen Sie für jeden Beitrag ein verbundenes Konto und geben Sie einen Text ein.";
const target = { accountId: crypto.randomUUID(), text: "Guten Morgen" };

function patch(body: unknown) {
  return t.request(`/api/posts/${crypto.randomUUID()}`, { method: "PATCH", body: JSON.stringify(body), cookie });
}

describe("a planned post of the wrong shape", () => {
  it.each([
    ["a time as one string", { targets: [target], plannedFor: "2027-01-01T10:00" }, PLANNED_FOR],
    ["a time of null", { targets: [target], plannedFor: null }, PLANNED_FOR],
    ["a time without its clock", { targets: [target], plannedFor: { date: "2027-01-01" } }, PLANNED_FOR],
    ["a target of null", { targets: [null] }, TARGET],
    ["a target as a string", { targets: ["bluesky"] }, TARGET],
  ])("is refused in German on POST /api/posts: %s", async (_case, body, message) => {
    await expectError(await t.postJson("/api/posts", body, cookie), 400, "INVALID_INPUT", message);
  });

  it("is refused in German on POST /api/posts/threads", async () => {
    const thread = { accountId: target.accountId, posts: ["Eins", "Zwei"], plannedFor: "2027-01-01T10:00" };
    await expectError(await t.postJson("/api/posts/threads", thread, cookie), 400, "INVALID_INPUT", PLANNED_FOR);
  });

  it("is refused in German on PATCH /api/posts/:id", async () => {
    await expectError(await patch({ plannedFor: "x" }), 400, "INVALID_INPUT", PLANNED_FOR);
    await expectError(await patch({ text: "Neu", plannedFor: 5 }), 400, "INVALID_INPUT", PLANNED_FOR);
  });
});
