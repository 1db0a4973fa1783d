// Runs the Google OpenID Connect fake on its own: for Playwright's webServer and for
// trying Google sign-in locally (GOOGLE_DISCOVERY_URL=http://127.0.0.1:3199/.well-known/openid-configuration).
import { startGoogleFake } from "./google.ts";

const port = Number(process.env.GOOGLE_FAKE_PORT ?? 3199);
await startGoogleFake(port);
console.log(`Google-Fake läuft auf http://127.0.0.1:${port}`);
