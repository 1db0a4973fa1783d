import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { DEMO_NOTICE } from "#app/features/generator/generator-constants.ts";
import { waitForMail } from "../support/outbox.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

// ADR 0062: what an evaluator sees first. The e2e server talks to a fake model, so this spec
// starts the built product a second time as `npm start` runs it without AI_PROVIDER: the
// offline demo mode, on its own port and data directory. Its port is fixed like the others
// (the e2e lock keeps worktrees apart).
const DEMO_PORT = 3105;
const DEMO_URL = `http://localhost:${DEMO_PORT}`;
const DEMO_ADMIN_EMAIL = "admin-demo@example.test";

let server: ChildProcess | undefined;
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "postwerk-e2e-demo-"));
  server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(DEMO_PORT),
      BASE_URL: DEMO_URL,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: "e2e-demo-secret-with-enough-entropy-0123456789",
      AUTH_RATE_LIMIT: "off",
      ADMIN_EMAILS: DEMO_ADMIN_EMAIL,
      AI_PROVIDER: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // Ready once /readyz answers; the start itself takes a few seconds (migrations).
  await expect
    .poll(async () => (await fetch(`${DEMO_URL}/readyz`).catch(() => null))?.status, { timeout: 80_000 })
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function signUpOnDemo(page: Page, email: string) {
  const response = await page.request.post(`${DEMO_URL}/api/auth/sign-up/email`, {
    headers: { origin: DEMO_URL },
    data: { email, password: "Laterne-Zimt-42", name: "Demo", callbackURL: "/auth/email-confirm-success" },
  });
  expect(response.ok()).toBe(true);
  const mail = await waitForMail(dataDir, email, (m) => m.subject === "Bitte bestätigen Sie Ihre E-Mail-Adresse");
  await page.goto(mail.links[0] ?? "");
  await expect(page.getByRole("heading", { name: "E-Mail-Adresse bestätigt" })).toBeVisible();
}

test("without an AI model, /erstellen says so, writes German examples from templates and charges nothing", async ({
  page,
}) => {
  await signUpOnDemo(page, uniqueEmail("demo"));
  await page.goto(`${DEMO_URL}/erstellen`);
  const notice = page.getByTestId("demo-notice");
  await expect(notice).toContainText(DEMO_NOTICE.title);
  await expect(notice).toContainText(DEMO_NOTICE.text);
  await expect(notice).toContainText(DEMO_NOTICE.noCredit);
  await expect(page.getByTestId("demo-admin-hint")).toHaveCount(0);
  const credits = page.getByLabel("Credits: 10 von 100");
  await expect(credits).toBeVisible();

  await page.getByLabel("Text oder Stichwörter").fill("Unser Bürohund Bruno feiert 5. Geburtstag");
  await page.getByRole("button", { name: "Beiträge generieren" }).click();
  await expect(page.getByText("Inhalt erfolgreich generiert und gespeichert!")).toBeVisible({ timeout: 20_000 });
  const cards = page.getByTestId("result-card");
  await expect(cards).toHaveCount(3);
  // The key point stands as its own line, and no verb or article became a hashtag.
  await expect(cards.first().getByTestId("result-text")).toContainText("Unser Bürohund Bruno feiert 5. Geburtstag");
  const posts = (await cards.getByTestId("result-text").allTextContents()).join("\n");
  expect(posts).not.toMatch(/#(?:Feiert|Unser)\b/u);
  // ADR 0062: a demo run costs no credit.
  await page.reload();
  await expect(credits).toBeVisible();
});

test("an admin also reads how to connect a model", async ({ page }) => {
  await signUpOnDemo(page, DEMO_ADMIN_EMAIL);
  await page.goto(`${DEMO_URL}/erstellen`);
  const hint = page.getByTestId("demo-admin-hint");
  await expect(hint).toContainText(DEMO_NOTICE.adminTitle);
  await expect(hint).toContainText("AI_PROVIDER");
  await expect(hint).toContainText(DEMO_NOTICE.ollamaExample);
});
