import crypto from "node:crypto";
import { E2E_BASE_URL } from "../../playwright.config.ts";
import { expect, signUpConfirmed, test } from "./fixtures.ts";

// OAuth 2.1 (ADR 0113): an app sends a signed-out user to Postwerk; sign-in, the German consent
// page, "Zulassen", back to the app with a code, the token works, and /konto lists the app.

const APP_CALLBACK = "https://agent.example.test/oauth/callback";

test("an app's request: sign in, consent in German, code, token on /api/v1, app listed and revoked on /konto", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await signUpConfirmed(page);
  // The app calls from its own server, without the browser's cookies.
  const registered = await request.post("/api/auth/oauth2/register", {
    data: {
      client_name: "Schreibhelfer",
      redirect_uris: [APP_CALLBACK],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    },
  });
  expect(registered.status()).toBe(201);
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const verifier = crypto.randomBytes(32).toString("base64url");
  const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");
  // The app's own page: the browser lands there with the code.
  await page.route(`${APP_CALLBACK}**`, (route) => route.fulfill({ contentType: "text/html", body: "<p>App</p>" }));

  await page.context().clearCookies();
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: APP_CALLBACK,
    scope: "posts:read posts:write offline_access",
    state: "app-state",
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  await page.goto(`/api/auth/oauth2/authorize?${query}`);
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort").fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();

  await expect(page).toHaveURL((url) => url.pathname === "/oauth/zustimmung");
  await expect(
    page.getByRole("heading", { name: "Schreibhelfer möchte auf Ihr Postwerk-Konto zugreifen" }),
  ).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Beiträge lesen" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Beiträge schreiben" })).toBeVisible();
  await page.screenshot({ path: "test-results/oauth-consent.png" });
  await page.getByLabel(/Direkt planen erlaubt/).check();
  await page.getByRole("button", { name: "Zulassen" }).click();

  await expect(page).toHaveURL((url) => url.href.startsWith(APP_CALLBACK));
  const back = new URL(page.url());
  expect(back.searchParams.get("state")).toBe("app-state");
  const issued = await request.post("/api/auth/oauth2/token", {
    form: {
      grant_type: "authorization_code",
      code: back.searchParams.get("code") ?? "",
      redirect_uri: APP_CALLBACK,
      client_id: clientId,
      code_verifier: verifier,
    },
  });
  expect(issued.status()).toBe(200);
  const { access_token } = (await issued.json()) as { access_token: string };
  const bearer = { authorization: `Bearer ${access_token}` };
  expect((await request.get("/api/v1/accounts", { headers: bearer })).status()).toBe(200);

  await page.goto(`${E2E_BASE_URL}/konto`);
  const card = page.getByRole("region", { name: "Zugelassene Apps" });
  await expect(card.getByRole("listitem").filter({ hasText: "Schreibhelfer" })).toContainText("Direkt planen erlaubt");
  await card.getByRole("button", { name: "Zugriff widerrufen" }).click();
  await expect(card.getByText("Sie haben noch keine App zugelassen.")).toBeVisible();
  expect((await request.get("/api/v1/accounts", { headers: bearer })).status()).toBe(401);
});
