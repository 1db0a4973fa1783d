import { defineConfig, devices } from "@playwright/test";
import { FAKE_LINKEDIN_CLIENT } from "./tests/mocks/linkedin-server.ts";
import { FAKE_META_APP } from "./tests/mocks/meta-server.ts";
import { FAKE_PRICES, FAKE_STRIPE_SECRET_KEY, FAKE_WEBHOOK_SECRET } from "./tests/mocks/stripe.ts";
import { FAKE_THREADS_APP } from "./tests/mocks/threads-server.ts";
import { FAKE_X_APP_BEARER, FAKE_X_CLIENT } from "./tests/mocks/x-server.ts";

export const E2E_PORT = 3100;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = ".e2e-data";
export const GOOGLE_FAKE_PORT = 3199;
// Debian's Chromium and the flags it needs in a container without a sandbox (also used by the
// Lighthouse bench; README, "Testen").
export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
// The generator's "customer website", served by tests/support/e2e-server.ts.
export const E2E_WEBSITE_PORT = 3197;
export const E2E_WEBSITE_URL = `http://www.baeckerei-sonnenschein.test:${E2E_WEBSITE_PORT}/`;
export const E2E_ACCESS_CODE = "Sonnenschein-2026";
export const OPENAI_FAKE_PORT = 3198;
// The Stripe fake with its hosted Checkout and portal pages (tests/mocks/stripe-server.ts).
export const STRIPE_FAKE_PORT = 3196;
// The networks' fakes (ADR 0060) and the publishing queue's test clock (tests/support/e2e-server.ts).
export const X_FAKE_URL = "http://127.0.0.1:3193";
export const LINKEDIN_FAKE_URL = "http://127.0.0.1:3194";
export const BLUESKY_FAKE_URL = "http://127.0.0.1:3195";
export const THREADS_FAKE_URL = "http://127.0.0.1:3191";
export const MASTODON_FAKE_URL = "http://127.0.0.1:3190";
export const E2E_CLOCK_URL = "http://127.0.0.1:3192";
export const META_FAKE_URL = "http://127.0.0.1:3189";
// The webhook receiver (tests/mocks/webhook-receiver.ts), started by tests/e2e/webhooks.spec.ts itself.
export const WEBHOOK_RECEIVER_URL = "http://127.0.0.1:3188";
const NETWORK_FAKES = [
  { script: "x-server.ts", url: X_FAKE_URL, portVariable: "X_FAKE_PORT" },
  { script: "linkedin-server.ts", url: LINKEDIN_FAKE_URL, portVariable: "LINKEDIN_FAKE_PORT" },
  { script: "bluesky-server.ts", url: BLUESKY_FAKE_URL, portVariable: "BLUESKY_FAKE_PORT" },
  { script: "meta-server.ts", url: META_FAKE_URL, portVariable: "META_FAKE_PORT" },
  { script: "threads-server.ts", url: THREADS_FAKE_URL, portVariable: "THREADS_FAKE_PORT" },
  { script: "mastodon-server.ts", url: MASTODON_FAKE_URL, portVariable: "MASTODON_FAKE_PORT" },
];
export const E2E_ADMIN_EMAIL = "admin-e2e@example.test";
export const E2E_CONTACT_EMAIL = "kontakt-e2e@example.test";

// End-to-end tests on the production build, in the Debian Chromium (never `playwright install`).
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  // No retries: a test that passes only on its second try is a flaky test to mend, not a pass.
  retries: 0,
  reporter: process.env.CI ? "list" : "line",
  timeout: 60_000,
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "node --import tsx tests/mocks/google-server.ts",
      url: `http://127.0.0.1:${GOOGLE_FAKE_PORT}/.well-known/openid-configuration`,
      env: { GOOGLE_FAKE_PORT: String(GOOGLE_FAKE_PORT) },
      reuseExistingServer: false,
    },
    {
      command: "node --import tsx tests/mocks/openai-server.ts",
      url: `http://127.0.0.1:${OPENAI_FAKE_PORT}/__requests`,
      env: { OPENAI_FAKE_PORT: String(OPENAI_FAKE_PORT) },
      reuseExistingServer: false,
    },
    {
      command: "node --import tsx tests/mocks/stripe-server.ts",
      port: STRIPE_FAKE_PORT,
      env: {
        STRIPE_FAKE_PORT: String(STRIPE_FAKE_PORT),
        STRIPE_FAKE_WEBHOOK_URL: `${E2E_BASE_URL}/api/billing/webhook`,
      },
      reuseExistingServer: false,
    },
    ...NETWORK_FAKES.map((fake) => ({
      command: `node --import tsx tests/mocks/${fake.script}`,
      url: `${fake.url}/`,
      env: { [fake.portVariable]: new URL(fake.url).port },
      reuseExistingServer: false,
    })),
    {
      command: `rm -rf ${E2E_DATA_DIR} && npm run build && node --import tsx tests/support/e2e-server.ts`,
      url: `${E2E_BASE_URL}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        NODE_ENV: "production",
        PORT: String(E2E_PORT),
        BASE_URL: E2E_BASE_URL,
        DATA_DIR: E2E_DATA_DIR,
        BETTER_AUTH_SECRET: "e2e-secret-with-enough-entropy-0123456789abcdef",
        AUTH_RATE_LIMIT: "off",
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        CONTACT_EMAIL: E2E_CONTACT_EMAIL,
        GOOGLE_CLIENT_ID: "e2e-client",
        GOOGLE_CLIENT_SECRET: "e2e-secret",
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${GOOGLE_FAKE_PORT}/.well-known/openid-configuration`,
        AI_PROVIDER: "openai-compatible",
        AI_BASE_URL: `http://127.0.0.1:${OPENAI_FAKE_PORT}/v1`,
        AI_MODEL: "fake-model",
        GENERATOR_ACCESS_CODE: E2E_ACCESS_CODE,
        E2E_WEBSITE_HOST: new URL(E2E_WEBSITE_URL).hostname,
        E2E_WEBSITE_PORT: String(E2E_WEBSITE_PORT),
        STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
        STRIPE_PRICE_GENERATOR_PRO: FAKE_PRICES.generator_pro,
        STRIPE_PRICE_OPTIMIZER_PREMIUM: FAKE_PRICES.optimizer_premium,
        STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_FAKE_PORT}`,
        X_CLIENT_ID: FAKE_X_CLIENT.id,
        X_CLIENT_SECRET: FAKE_X_CLIENT.secret,
        X_API_BASE: X_FAKE_URL,
        X_WEB_BASE: X_FAKE_URL,
        X_BEARER_TOKEN: FAKE_X_APP_BEARER,
        LINKEDIN_CLIENT_ID: FAKE_LINKEDIN_CLIENT.id,
        LINKEDIN_CLIENT_SECRET: FAKE_LINKEDIN_CLIENT.secret,
        LINKEDIN_API_BASE: LINKEDIN_FAKE_URL,
        LINKEDIN_WEB_BASE: LINKEDIN_FAKE_URL,
        BLUESKY_SERVICE: BLUESKY_FAKE_URL,
        BLUESKY_APPVIEW: BLUESKY_FAKE_URL,
        META_APP_ID: FAKE_META_APP.id,
        META_APP_SECRET: FAKE_META_APP.secret,
        META_GRAPH_BASE: META_FAKE_URL,
        META_WEB_BASE: META_FAKE_URL,
        // The e2e server runs on localhost: the fake fetches Instagram's images from it (ADR 0097).
        META_ALLOW_PRIVATE_IMAGE_URLS: "true",
        THREADS_APP_ID: FAKE_THREADS_APP.id,
        THREADS_APP_SECRET: FAKE_THREADS_APP.secret,
        THREADS_API_BASE: THREADS_FAKE_URL,
        THREADS_WEB_BASE: THREADS_FAKE_URL,
        // The fake fetches a post's image from the e2e server itself (ADR 0098).
        THREADS_IMAGE_BASE: E2E_BASE_URL,
        // The one non-public instance Postwerk may connect to: the fake (ADR 0095).
        MASTODON_ALLOWED_INSTANCE: MASTODON_FAKE_URL,
        // The one non-public webhook receiver Postwerk may send to: the fake (ADR 0110).
        WEBHOOK_ALLOWED_ORIGIN: WEBHOOK_RECEIVER_URL,
        E2E_CLOCK_PORT: new URL(E2E_CLOCK_URL).port,
        LOG_LEVEL: "warn",
        // A class that fights another logs a console error, and every test fails on one (app/lib/cn.ts).
        VITE_CHECK_CLASS_CONFLICTS: "true",
      },
    },
  ],
});
