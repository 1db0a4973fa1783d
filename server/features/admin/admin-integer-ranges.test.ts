import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_MESSAGES, ADMIN_PAGE_MAX, CREDITS_MAX, MAX_TOKENS_LIMIT } from "#shared/admin.ts";
import { CONFIGURATION_MESSAGES } from "#shared/generator-configurations.ts";
import { INT4_MAX } from "#shared/integer.ts";
import { adminCookie, CUSTOMER_EMAIL, setUpAdminTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { readJson } from "../../../tests/setup/test-app.ts";

// Every whole number an admin route takes is checked against its range before it reaches
// PostgreSQL: out of range, a float or a number in disguise is a 400 in German, never the
// 500 of an integer overflow (shared/integer.schemas.ts). Ids in the path that look like
// huge numbers are simply not found.

setUpAdminTestApp();
let customerId: string;
beforeAll(async () => {
  const found = await readJson(await findUsers(CUSTOMER_EMAIL, "1"), 200);
  customerId = found.users[0]?.id ?? expect.unreachable();
});

const findUsers = (q: string, page: string) => t.api(adminCookie).admin.users.$get({ query: { q, page } });

/** A JSON body as text, so numbers JSON.stringify cannot write (1e309) arrive as sent. */
function sendRaw(method: string, path: string, body: string) {
  return t.request(path, { method, body, cookie: adminCookie });
}

async function expectError(response: { status: number; json(): Promise<unknown> }, error: string) {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error, code: "INVALID_INPUT" });
}

// Written into the JSON text as is: beyond int4, negative, a float, beyond a double (Infinity
// for JSON.parse), and numbers in strings.
const BAD_JSON_NUMBERS = ["2147483648", "-1", "1.5", "1e309", "-1e309", '"NaN"', '"1e309"', '"5"', "null"];

describe("PUT /api/admin/users/:id/credits", () => {
  const path = () => `/api/admin/users/${customerId}/credits`;

  it.each(BAD_JSON_NUMBERS)("refuses expectedCredits %s with a German message", async (value) => {
    await expectError(
      await sendRaw("PUT", path(), `{"credits":1,"expectedCredits":${value}}`),
      ADMIN_MESSAGES.expectedCreditsInvalid,
    );
  });

  it.each([...BAD_JSON_NUMBERS, String(CREDITS_MAX + 1)])("refuses credits %s", async (value) => {
    await expectError(
      await sendRaw("PUT", path(), `{"credits":${value},"expectedCredits":0}`),
      ADMIN_MESSAGES.creditsInvalid,
    );
  });

  it("compares up to the largest integer the column holds", async () => {
    const response = await sendRaw("PUT", path(), `{"credits":1,"expectedCredits":${INT4_MAX}}`);
    expect(response.status).toBe(409);
  });

  it("finds no user under an id that looks like a huge number", async () => {
    const response = await sendRaw("PUT", "/api/admin/users/2147483648/credits", '{"credits":1,"expectedCredits":0}');
    expect(response.status).toBe(404);
  });
});

describe("PUT /api/admin/users/:id/plans", () => {
  it.each(["2147483648", "-1", "1e309"])("takes no number as plan or switch (%s)", async (value) => {
    await expectError(
      await sendRaw("PUT", `/api/admin/users/${customerId}/plans`, `{"plan":${value},"granted":${value}}`),
      ADMIN_MESSAGES.invalidInput,
    );
  });

  it("finds no user under an id that looks like a huge number", async () => {
    const response = await sendRaw(
      "PUT",
      "/api/admin/users/2147483648/plans",
      '{"plan":"generator_pro","granted":true}',
    );
    expect(response.status).toBe(404);
  });
});

describe("GET /api/admin/users?page=", () => {
  it.each([
    "2147483648",
    "0",
    "-1",
    "1.5",
    "1e3",
    "1e309",
    "NaN",
    "Infinity",
    "0x10",
    " 1",
    "",
    "99999999999999999999",
  ])("refuses page %j with a German message", async (page) => {
    await expectError(
      await t.request(`/api/admin/users?page=${encodeURIComponent(page)}`, { cookie: adminCookie }),
      ADMIN_MESSAGES.pageInvalid,
    );
  });

  it("refuses a repeated page and takes the last page there may be", async () => {
    await expectError(
      await t.request("/api/admin/users?page=1&page=2", { cookie: adminCookie }),
      ADMIN_MESSAGES.pageInvalid,
    );
    const last = await findUsers("", String(ADMIN_PAGE_MAX));
    expect((await readJson(last, 200)).users).toEqual([]);
  });
});

describe("the token configurations' maxTokens", () => {
  it.each([...BAD_JSON_NUMBERS, "0", String(MAX_TOKENS_LIMIT + 1)])(
    "refuses %s on create and update",
    async (value) => {
      await expectError(
        await sendRaw("POST", "/api/admin/tokens", `{"name":${JSON.stringify(`Zahl ${value}`)},"maxTokens":${value}}`),
        CONFIGURATION_MESSAGES.maxTokensInvalid,
      );
      const created = await t
        .api(adminCookie)
        .admin.tokens.$post({ json: { name: `Bereich ${value}`, maxTokens: 100 } });
      const { configuration } = await readJson(created, 201);
      await expectError(
        await sendRaw(
          "PUT",
          `/api/admin/tokens/${configuration.id}`,
          `{"name":${JSON.stringify(`Bereich ${value}`)},"maxTokens":${value},"updatedAt":"${configuration.updatedAt}"}`,
        ),
        CONFIGURATION_MESSAGES.maxTokensInvalid,
      );
    },
  );
});

describe("ids that look like huge numbers", () => {
  it.each([
    ["POST", "/api/admin/messages/2147483648/read", "{}"],
    ["POST", "/api/admin/messages/-1/reply", '{"responseText":"Hallo"}'],
    [
      "PUT",
      "/api/admin/prompts/2147483648",
      `{"name":"P","systemPrompt":"S","userPrompt":"U","updatedAt":"2026-01-01T00:00:00.000Z"}`,
    ],
    ["DELETE", "/api/admin/prompts/1e309", ""],
    [
      "PUT",
      "/api/admin/tokens/9223372036854775808",
      `{"name":"T","maxTokens":5,"updatedAt":"2026-01-01T00:00:00.000Z"}`,
    ],
    ["DELETE", "/api/admin/tokens/-1", ""],
  ])("%s %s is not found", async (method, path, body) => {
    const response = await t.request(path, { method, cookie: adminCookie, body: body || undefined });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: ADMIN_MESSAGES.notFound, code: "NOT_FOUND" });
  });
});

describe("PUT /api/admin/site-settings", () => {
  it.each(["2147483648", "1e309", "-1"])("takes no number as a text field (%s)", async (value) => {
    const response = await sendRaw(
      "PUT",
      "/api/admin/site-settings",
      `{"siteTitle":${value},"metaDescription":${value},"faviconUrl":"","gaTrackingId":"","updatedAt":"2026-01-01T00:00:00.000Z"}`,
    );
    expect(response.status).toBe(400);
  });
});

describe("the configurations' version", () => {
  it("refuses year 0, which PostgreSQL's timestamptz does not have, with a German message", async () => {
    for (const kind of ["tokens", "prompts"] as const) {
      const created = await t.request(`/api/admin/${kind}`, {
        method: "POST",
        cookie: adminCookie,
        body: JSON.stringify({ name: `Jahr null ${kind}`, maxTokens: 100, systemPrompt: "S", userPrompt: "U" }),
      });
      const { configuration } = (await created.json()) as { configuration: { id: string } };
      const response = await t.request(`/api/admin/${kind}/${configuration.id}`, {
        method: "PUT",
        cookie: adminCookie,
        body: JSON.stringify({
          name: `Jahr null ${kind}`,
          maxTokens: 5,
          systemPrompt: "S",
          userPrompt: "U",
          updatedAt: "0000-01-01T00:00:00Z",
        }),
      });
      await expectError(response, CONFIGURATION_MESSAGES.versionMissing);
    }
  });
});
