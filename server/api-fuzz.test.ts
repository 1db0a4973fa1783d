import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isApiErrorCode } from "#shared/api-errors.ts";
import { apiRequests, describeFuzzRequest, type FuzzRequest, sendFuzzRequest } from "../bench/api-fuzz.ts";
import { aiEnvFor, type OpenAiFake, startOpenAiFake } from "../tests/mocks/openai.ts";
import { createTestApp, TEST_BASE_URL, type TestApp } from "../tests/setup/test-app.ts";
import { languageProblem } from "../tests/support/german-text.ts";
import { archivedPosts } from "./db/schema/archive.ts";
import { profiles } from "./db/schema/profiles.ts";

// ADR 0020: whatever arrives, the API answers below 500, stays up, and no credit is lost or
// spent twice; every error answer carries its code (ADR 0055) and a German sentence (ADR 0080). A few hundred cases here; `npm run bench -- fuzz` sends tens of thousands.
const FUZZ_RUNS = 1000;
const STARTING_CREDITS = 50;
const ADMIN = "fuzz-admin@example.test";

let fake: OpenAiFake;
let t: TestApp;
let cookie: string;
let adminCookie: string;
let userId: string;
beforeAll(async () => {
  fake = await startOpenAiFake();
  // The fake model answers at once, so generations the fuzzer gets through cost no time.
  t = await createTestApp({
    env: { ...aiEnvFor(fake, 2000), GENERATOR_ACCESS_CODE: "sonnenschein", TRUST_PROXY: "1", ADMIN_EMAILS: ADMIN },
  });
  cookie = await t.signUpAndConfirm("fuzz@example.test");
  // A second account is admin, so the admin routes get past requireAdmin to their validation;
  // the fuzzer does not know the first account's id, so the credits checked below stay its own.
  adminCookie = await t.signUpAndConfirm(ADMIN);
  const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, "fuzz@example.test"));
  userId = profile?.id ?? "";
  await t.db.update(profiles).set({ credits: STARTING_CREDITS }).where(eq(profiles.id, userId));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/**
 * ADR 0055, 0080, 0101: what is wrong with an error answer's body, or null. Every error answer,
 * under /api/auth too (Better Auth's own included), is { error, code } with a German sentence,
 * never zod's or Better Auth's English, and a code: one from shared/api-errors.ts, or under
 * /api/auth Better Auth's own (an upper-case word the client decides on).
 */
function errorBodyProblem(path: string, body: string): string | null {
  let parsed: { error?: unknown; message?: unknown; code?: unknown };
  try {
    parsed = JSON.parse(body);
  } catch {
    return "no JSON";
  }
  if ("message" in parsed) return "a `message` instead of `error`";
  if (typeof parsed.error !== "string") return "no German error";
  const language = languageProblem(parsed.error);
  if (language) return `error: ${language}`;
  if (isApiErrorCode(parsed.code)) return null;
  const betterAuthCode = path.startsWith("/api/auth/") && /^[A-Z][A-Z0-9_]+$/.test(String(parsed.code));
  return betterAuthCode ? null : `no known code (${String(parsed.code)})`;
}

describe("the API under random and mutated requests", () => {
  it(`answers ${FUZZ_RUNS} of them below 500 with a code and German on every error, stays up and keeps the credits right`, async () => {
    const failures: string[] = [];
    await fc
      .assert(
        fc.asyncProperty(
          apiRequests({ baseUrl: TEST_BASE_URL, cookies: [cookie, adminCookie] }),
          async (request: FuzzRequest) => {
            const { status, body } = await sendFuzzRequest(t.app, request);
            const problem =
              status >= 500 ? "server error" : status >= 400 ? errorBodyProblem(request.path, body) : null;
            if (problem) failures.push(`${status} ${problem}: ${describeFuzzRequest(request)} → ${body.slice(0, 200)}`);
            return problem === null;
          },
        ),
        { numRuns: FUZZ_RUNS },
      )
      .catch((error: unknown) => {
        throw new Error(`${failures.join("\n")}\n${error instanceof Error ? error.message : String(error)}`);
      });

    expect((await t.request("/api/config")).status).toBe(200);
    expect((await t.request("/api/profile", { cookie })).status).toBe(200);
    // Every credit taken bought an archived generation; every failed run gave it back.
    const [profile] = await t.db.select({ credits: profiles.credits }).from(profiles).where(eq(profiles.id, userId));
    const archived = await t.db
      .select({ id: archivedPosts.id })
      .from(archivedPosts)
      .where(eq(archivedPosts.userId, userId));
    expect(STARTING_CREDITS - (profile?.credits ?? 0)).toBe(archived.length);
  });
});
