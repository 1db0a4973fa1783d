// Runs the OpenAI-compatible fake on its own: for Playwright's webServer and for trying the
// optimizer's AI locally without a provider account:
//   AI_PROVIDER=openai-compatible AI_BASE_URL=http://127.0.0.1:3198/v1 AI_MODEL=fake-model
// Script the next answers with POST /__script {"replies": [...], "reset": true}
// (see FakeReply in openai.ts), read what was asked with GET /__requests.
import { startOpenAiFake } from "./openai.ts";

const fake = await startOpenAiFake(Number(process.env.OPENAI_FAKE_PORT ?? 3198));
console.log(`OpenAI-Fake läuft auf ${fake.url}`);
