// Renews the three screenshots of the optimizer shown on its marketing content
// (public/images/optimizer-*.png). Runs the real product in-process on a throw-away data
// directory, signs a demo user in and photographs the editor, the score panel and the preview.
//   npm run build && node --import tsx scripts/optimizer-screenshots.ts
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { chromium } from "@playwright/test";
import { eq } from "drizzle-orm";
import { createApp } from "#server/app.ts";
import { connectDatabase, createDeps } from "#server/bootstrap.ts";
import { user } from "#server/db/schema/auth.ts";
import { readEnv } from "#server/env.ts";
import { loadPageDocuments } from "#server/features/pages/page-documents.ts";
import { createLogger } from "#server/logger.ts";

const PORT = 3150;
const BASE_URL = `http://localhost:${PORT}`;
const SAMPLE_POST =
  "Drei Dinge, die deine Posts sofort besser machen: kurze Sätze, ein klarer Gedanke und eine Frage am Ende! Klingt einfach, oder? Probier es heute aus, kostet 0 €, und erzähl mir, was passiert ist! #Reichweite #Marketing";

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "postwerk-shots-"));
// A configured (never called) model, so the pictures show the product, not the demo mode.
const env = readEnv({
  ...process.env,
  PORT: String(PORT),
  BASE_URL,
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  AI_PROVIDER: "openai-compatible",
  AI_BASE_URL: "http://127.0.0.1:9/v1",
  AI_MODEL: "screenshot",
});
const clientDir = path.resolve("build/client");
const database = await connectDatabase(env);
const deps = await createDeps({ env, database, logger: createLogger(env), pages: loadPageDocuments(clientDir) });
const server = serve({ fetch: createApp(deps, clientDir).fetch, port: PORT });

const headers = { origin: BASE_URL, "content-type": "application/json" };
const email = "demo@postwerk.example";
await fetch(`${BASE_URL}/api/auth/sign-up/email`, {
  method: "POST",
  headers,
  body: JSON.stringify({ email, password: "demo-passwort", name: "Demo" }),
});
await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
const signIn = await fetch(`${BASE_URL}/api/auth/sign-in/email`, {
  method: "POST",
  headers,
  body: JSON.stringify({ email, password: "demo-passwort" }),
});
const sessionCookie = signIn.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "")[0] ?? "";
const [cookieName = "", cookieValue = ""] = sessionCookie.split(/=(.*)/s);
// Premium (trial) state, so the AI buttons show without a lock.
await fetch(`${BASE_URL}/api/optimizer/trial`, { method: "POST", headers: { ...headers, cookie: sessionCookie } });

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const context = await browser.newContext({ viewport: { width: 1100, height: 1000 }, deviceScaleFactor: 1 });
await context.addCookies([{ name: cookieName, value: cookieValue, url: BASE_URL }]);
const page = await context.newPage();
await page.goto(`${BASE_URL}/xposter-evaluator`);
await page.getByRole("textbox", { name: "Dein Post" }).fill(SAMPLE_POST);
await page.waitForTimeout(1200);
const shots = [
  ["optimizer-editor.png", "section[aria-labelledby=editor-heading]"],
  ["optimizer-score.png", "section[aria-labelledby=score-heading]"],
  ["optimizer-preview.png", "section[aria-labelledby=preview-heading]"],
] as const;
for (const [file, selector] of shots) {
  await page.locator(selector).screenshot({ path: path.join("public/images", file) });
  console.log(`public/images/${file}`);
}
await browser.close();
server.close();
await database.close();
await fs.rm(dataDir, { recursive: true, force: true });
