import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createAdaptorServer } from "@hono/node-server";
import { type ClientResponse, hc } from "hono/client";
import type pino from "pino";
import { expect } from "vitest";
import { type AppType, createApp } from "#server/app.ts";
import { createDeps, type DepsOverrides } from "#server/bootstrap.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { readEnv } from "#server/env.ts";
import { loadPageDocuments } from "#server/features/pages/page-documents.ts";
import { createLogger } from "#server/logger.ts";
import type { ApiErrorCode } from "#shared/api-errors.ts";
import { waitForMail } from "../support/outbox.ts";
import { openTestDatabase } from "./test-database.ts";

export const TEST_BASE_URL = "http://localhost:3000";
const fixtureClientDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/client");

export type TestAppOptions = {
  /** Environment variables on top of the test defaults, as the server would read them. */
  env?: Record<string, string>;
  /** Dependencies to replace, handed to createDeps: a fake model, a website reader, … */
  overrides?: DepsOverrides;
  /** Receives the product's log lines (JSON) when a test reads them. */
  logDestination?: pino.DestinationStream;
  /**
   * A database another app of the test also uses (two app servers on one PostgreSQL); the
   * test closes it. Without it, each app gets a fresh database of its own.
   */
  database?: DatabaseHandle;
};

// The real product (createDeps + createApp) on a fresh database, with mails going to a
// temporary outbox. `request` sends what a browser on our origin sends.
export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "postwerk-app-"));
  const database = options.database ?? (await openTestDatabase());
  const app = await startOn(database, dataDir, options);
  return {
    ...app,
    /** The same database and files, served by a server started with other settings. */
    restartWith: (changes: TestAppOptions) =>
      startOn(database, dataDir, { ...options, ...changes, env: { ...options.env, ...changes.env } }),
    close: async () => {
      // pg-boss holds the database while its workers poll (ADR 0053).
      await app.deps.jobQueue.stop(0);
      if (!options.database) await database.close();
      // Security mails go out in the background (ADR 0044) and may still be writing to the outbox.
      await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

type SignUpFields = { email: string; password?: string; name?: string } & Record<string, unknown>;

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type RunningApp = Awaited<ReturnType<typeof startOn>>;

async function startOn(database: DatabaseHandle, dataDir: string, options: TestAppOptions) {
  const env = readEnv({
    NODE_ENV: "test",
    BASE_URL: TEST_BASE_URL,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "test-secret-that-is-long-enough-for-better-auth",
    AUTH_RATE_LIMIT: "off",
    // TEST_LOGS=1 shows the product's logs while debugging a test.
    LOG_LEVEL: process.env.TEST_LOGS ? "debug" : "silent",
    ...options.env,
  });
  const deps = await createDeps({
    env,
    database,
    logger: createLogger(env, options.logDestination),
    pages: loadPageDocuments(fixtureClientDir),
    overrides: options.overrides,
  });
  const app = createApp(deps, fixtureClientDir);

  async function request(pathname: string, init: RequestInit & { cookie?: string } = {}) {
    const headers = new Headers(init.headers);
    headers.set("origin", TEST_BASE_URL);
    if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
    if (init.cookie) headers.set("cookie", init.cookie);
    return app.request(pathname, { ...init, headers });
  }

  function postJson(pathname: string, body: unknown, cookie?: string) {
    return request(pathname, { method: "POST", body: JSON.stringify(body), cookie });
  }

  // The typed client of the browser (app/lib/api.ts) on this app: a renamed route or response
  // field fails `npm run typecheck` in the tests too. Requests carry our Origin like `request`.
  function api(cookie?: string) {
    return hc<AppType>(`${TEST_BASE_URL}/api`, {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init),
      headers: cookie ? { origin: TEST_BASE_URL, cookie } : { origin: TEST_BASE_URL },
    });
  }

  /** Better Auth's sign-up; the password is the test password and the name the address's local part unless given. */
  function signUp({ email, password = "Laterne-Zimt-42", name = email.split("@")[0], ...more }: SignUpFields) {
    return postJson("/api/auth/sign-up/email", { email, password, name, ...more });
  }

  // Signs up, follows the confirmation link from the outbox and returns the session cookie.
  async function signUpAndConfirm(email: string, password = "Laterne-Zimt-42"): Promise<string> {
    const answer = await signUp({ email, password, callbackURL: "/auth/email-confirm-success" });
    if (!answer.ok) throw new Error(`Registrierung fehlgeschlagen: ${answer.status} ${await answer.text()}`);
    const mail = await waitForMail(dataDir, email, (m) => m.subject.includes("bestätigen"));
    const link = new URL(mail.links[0] ?? "");
    const confirm = await request(`${link.pathname}${link.search}`);
    return sessionCookieFrom(confirm);
  }

  async function signIn(email: string, password = "Laterne-Zimt-42"): Promise<string> {
    const response = await postJson("/api/auth/sign-in/email", { email, password });
    if (!response.ok) throw new Error(`Anmeldung fehlgeschlagen: ${response.status}`);
    return sessionCookieFrom(response);
  }

  // What the account page's forms send (app/features/account/change-*-form.tsx).
  function changePassword(cookie: string, newPassword: string, currentPassword = "Laterne-Zimt-42") {
    return postJson("/api/auth/change-password", { currentPassword, newPassword, revokeOtherSessions: true }, cookie);
  }

  function changeEmail(cookie: string, newEmail: string, password = "Laterne-Zimt-42") {
    return postJson("/api/auth/change-email", { newEmail, password, callbackURL: "/konto" }, cookie);
  }

  // The app on a real socket at 127.0.0.1, so requests carry a peer address the way they do
  // behind a reverse proxy on the same host (app.request has none). `request` sends what a
  // browser on our origin sends, like the one above.
  async function listen() {
    const server = createAdaptorServer({ fetch: app.fetch });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      url,
      request(pathname: string, init: RequestInit = {}) {
        const headers = new Headers(init.headers);
        headers.set("origin", TEST_BASE_URL);
        if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
        return fetch(`${url}${pathname}`, { ...init, headers });
      },
      close: () =>
        new Promise<void>((resolve) => {
          if ("closeAllConnections" in server) server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }

  return {
    app,
    deps,
    db: deps.db,
    dataDir,
    api,
    request,
    postJson,
    signUp,
    signUpAndConfirm,
    signIn,
    changePassword,
    changeEmail,
    listen,
  };
}

/** The body a route declares for `status`: a response with another status fails the test with its text. */
export async function readJson<R extends ClientResponse<unknown, number>, S extends R["status"]>(
  response: R,
  status: S,
): Promise<JsonFor<R, S>> {
  if (response.status !== status) {
    throw new Error(`Erwartet ${status}, erhalten ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as JsonFor<R, S>;
}

type JsonFor<R, S extends number> =
  R extends ClientResponse<infer Body, infer Status, "json"> ? (S extends Status ? Body : never) : never;

export function sessionCookieFrom(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("postwerk.session_token="));
  if (!cookie) throw new Error(`Kein Sitzungs-Cookie in der Antwort (${response.status})`);
  return cookie;
}

/** An error answer: its status and the body every one has, `{ error, code }` (ADR 0055). */
export async function expectError(
  response: { status: number; json(): Promise<unknown> },
  status: number,
  code: ApiErrorCode,
  error: string,
) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error, code });
}

/**
 * expect(answer).toEqual / toMatchObject with the expected value checked against the answer's
 * type: a renamed or retyped field fails `npm run typecheck`, not only the test run.
 */
export function expectAnswer<T>(actual: T) {
  return {
    toEqual: (expected: T) => expect(actual).toEqual(expected),
    toMatchObject: (expected: DeepPartial<T>) => expect(actual).toMatchObject(expected as object),
  };
}

type DeepPartial<T> = T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
