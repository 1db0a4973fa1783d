import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_ACCESS_CODE, E2E_BASE_URL, OPENAI_FAKE_PORT } from "../../playwright.config.ts";
import type { FakeReply } from "../mocks/openai.ts";
import { expect } from "./fixtures.ts";

// The generator's API as the page calls it, for specs that need generations to exist (the
// generator's and the archive's). The server talks to the fake OpenAI-compatible model of
// playwright.config.ts; `scriptFake` sets its next answers.

export const FAKE_URL = `http://127.0.0.1:${OPENAI_FAKE_PORT}`;

export async function scriptFake(request: APIRequestContext, ...replies: FakeReply[]) {
  const response = await request.post(`${FAKE_URL}/__script`, { data: { reset: true, replies } });
  expect(response.ok()).toBe(true);
}

/** What the signed-in user would type into the access-code gate (ADR 0015). */
export async function unlockViaApi(page: Page) {
  const response = await page.request.post("/api/generator/unlock", {
    headers: { origin: E2E_BASE_URL },
    data: { code: E2E_ACCESS_CODE },
  });
  expect(response.ok()).toBe(true);
}

/** A generation through the API, as the page sends it; returns the whole event stream. */
export async function generateViaApi(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post("/api/generator/generate", {
    headers: { origin: E2E_BASE_URL },
    data: { platform: "facebook", tone: "friendly", language: "german", ...data },
  });
  return { status: response.status(), body: await response.text() };
}
