import { E2E_BASE_URL, E2E_CLOCK_URL } from "../../playwright.config.ts";
import type { RecordedRequest } from "../mocks/openai.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";
import { FAKE_URL, scriptFake, unlockViaApi } from "./generator-api.ts";
import { connectThroughConsentPage } from "./publishing-steps.ts";

// ADR 0114 in the browser: five posts sent to X through the fake, their first figures read on the
// e2e server's test clock (as tests/e2e/metrics.spec.ts: 3 likes, 1 repost, 1 reply, 1 bookmark,
// 100 views, so 6,0 %), then the generator's switch with the posts it will send, the model's request
// with them, and the optimizer's comparison with the writer's own similar posts.

const SCREENS = "test-results/screens";

test("the generator writes like the user's best posts when asked, the optimizer compares with them", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUpConfirmed(page);
  await unlockViaApi(page);

  // Without posts the switch is off and says how many are missing.
  await page.goto("/erstellen");
  await page.getByLabel("Netzwerk").selectOption("twitter");
  const ownExamples = page.getByRole("switch", { name: "Schreibe wie meine erfolgreichsten Beiträge" });
  await expect(ownExamples).toBeDisabled();
  await expect(page.getByTestId("own-examples")).toContainText(
    "Dafür brauchen Sie mindestens 3 gesendete Beiträge mit Kennzahlen (ohne Threads); bisher hat keiner Kennzahlen, es fehlen noch 3.",
  );

  // Five posts to X, sent now, with their first figures (X refuses a text it already has: this run's own).
  await page.goto("/konto/verbundene-konten");
  await connectThroughConsentPage(page, "X");
  const connections = (await (await page.request.get("/api/connections")).json()) as {
    networks: { network: string; accounts: { id: string }[] }[];
  };
  const accountId = connections.networks.find((entry) => entry.network === "x")?.accounts[0]?.id ?? "";
  const run = Date.now();
  for (const number of [1, 2, 3, 4, 5]) {
    const created = await page.request.post("/api/posts", {
      headers: { origin: E2E_BASE_URL },
      data: {
        targets: [
          {
            accountId,
            text: `Erfolg ${run}/${number}: Zimtschnecken mit Kardamom gibt es jeden Samstag frisch aus dem Ofen. #Bäckerei`,
          },
        ],
      },
    });
    expect(created.ok()).toBe(true);
  }
  await page.goto("/redaktionsplan?ansicht=liste");
  const ours = page.getByTestId("planned-post").filter({ hasText: `Erfolg ${run}/` });
  await expect(async () => {
    expect((await page.request.post(`${E2E_CLOCK_URL}/advance?minutes=0`)).ok()).toBe(true);
    await page.reload();
    await expect(ours.filter({ hasText: "Gesendet" })).toHaveCount(5, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const collected = await page.request.post(`${E2E_CLOCK_URL}/metrics?minutes=16`);
  expect(((await collected.json()) as { snapshots: number }).snapshots).toBeGreaterThanOrEqual(5);

  // The switch: on, it lists the three posts the model will get, with their rate.
  await page.goto("/erstellen");
  await page.getByLabel("Netzwerk").selectOption("twitter");
  await expect(ownExamples).toBeEnabled();
  await expect(ownExamples).not.toBeChecked();
  await ownExamples.check();
  const examples = page.getByRole("list", { name: "Ihre Beispiele" }).getByRole("listitem");
  await expect(examples).toHaveCount(3);
  for (const example of await examples.all()) {
    await expect(example).toContainText(`Erfolg ${run}/`);
    await expect(example).toContainText("X · 6,0 % Interaktionsrate");
  }
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId("own-examples").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/own-examples-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The run: the model's request carries exactly those posts.
  await page.getByLabel("Text oder Stichwörter").fill("Zimtschnecken mit Kardamom am Samstag");
  await scriptFake(page.request);
  await page.getByRole("button", { name: "Beiträge generieren" }).click();
  await expect(page.getByText("Inhalt erfolgreich generiert und gespeichert!")).toBeVisible({ timeout: 20_000 });
  const requests = (await (await page.request.get(`${FAKE_URL}/__requests`)).json()) as RecordedRequest[];
  const userMessage = requests.at(-1)?.messages.find((message) => message.role === "user")?.content ?? "";
  expect(userMessage).toContain("<beispiele>");
  expect(userMessage.match(new RegExp(`Erfolg ${run}/`, "g"))).toHaveLength(3);

  // Remembered for the account.
  await page.reload();
  await expect(ownExamples).toBeChecked();

  // The optimizer: a draft like those posts is compared with them.
  await page.goto("/xposter-evaluator");
  await page
    .getByRole("textbox", { name: "Dein Post" })
    .fill(
      "Neu am Samstag: Franzbrötchen mit Zimt und Kardamom, frisch aus dem Ofen, solange der Vorrat reicht. #Bäckerei",
    );
  const panel = page.getByRole("region", { name: "Deine ähnlichen Beiträge" });
  await expect(panel).toContainText(
    /^Deine ähnlichen BeiträgeDeine 5 Beiträge mit \d+–\d+ Zeichen und 1–2 Hashtags: im Mittel 6,0 % Interaktionsrate, 100 Aufrufe, 6 Interaktionen\.$/,
  );
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/own-results-optimizer-${width}.png` });
  }
});
