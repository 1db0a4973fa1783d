import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { createTestApp, type TestApp, type TestAppOptions } from "./test-app.ts";

// Most integration test files run against one app of their own. Vitest gives each test file its
// own copy of this module, so `t` is the calling file's app: a live binding that the file's
// tests see once beforeAll has assigned it.
export let t: TestApp;

/** Starts the file's app before its tests and closes it after them; a test that fakes the clock gets the real one back. */
export function setUpTestApp(options: TestAppOptions = {}): void {
  beforeAll(async () => {
    t = await createTestApp(options);
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** The admin of setUpAdminTestApp's app (ADMIN_EMAILS). */
export const ADMIN_EMAIL = "chefin@example.test";
export const CUSTOMER_EMAIL = "kundin@example.test";
// Live bindings like `t`, assigned before the file's tests.
export let adminCookie: string;
export let customerCookie: string;

/** The file's app (as setUpTestApp) with an admin and a customer, both signed up and signed in. */
export function setUpAdminTestApp(options: TestAppOptions = {}): void {
  setUpTestApp({ ...options, env: { ADMIN_EMAILS: ADMIN_EMAIL, ...options.env } });
  beforeAll(async () => {
    adminCookie = await t.signUpAndConfirm(ADMIN_EMAIL);
    customerCookie = await t.signUpAndConfirm(CUSTOMER_EMAIL);
  });
}

/**
 * A second app with other settings (no AI provider, an access code, …) for the tests of the
 * describe block that calls this: started before them and closed after them. Its fields are
 * filled in by beforeAll, so the block's tests use it as it is.
 */
export function setUpBlockTestApp(options: TestAppOptions = {}): TestApp {
  const app = {} as TestApp;
  beforeAll(async () => {
    Object.assign(app, await createTestApp(options));
  });
  afterAll(() => app.close?.());
  return app;
}
