// Runs the Stripe fake on its own, for Playwright's webServer and for trying payments locally
// without a Stripe account: start it, then the app with the env it prints
// (STRIPE_API_BASE=http://127.0.0.1:3196 and the fake's keys and prices). Its hosted Checkout
// takes any payment and sends the signed events to STRIPE_FAKE_WEBHOOK_URL.
import { startStripeFake } from "./stripe.ts";

const fake = await startStripeFake({
  port: Number(process.env.STRIPE_FAKE_PORT ?? 3196),
  webhookUrl: process.env.STRIPE_FAKE_WEBHOOK_URL ?? "http://localhost:3000/api/billing/webhook",
});
console.log(`Stripe-Fake läuft auf ${fake.url}`, fake.env);
