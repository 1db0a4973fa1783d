import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { mastodonApps, socialAccounts } from "#server/db/schema/publishing.ts";
import { createMastodonNetwork } from "#server/integrations/mastodon/mastodon-network.ts";
import { startMastodonFake } from "../../../tests/mocks/mastodon-server.ts";
import { approveAuthorization } from "../../../tests/mocks/social-fake.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";

// Connecting Mastodon through the API (ADR 0095): an instance that is not a public server is
// refused with a German message before any request goes there; the fake instance (the one the
// adapter is told to let through) gets the app registered once, whose secret is sealed, and the
// round trip ends in a connected account with the instance's own limit.

const fake = await startMastodonFake({ maxCharacters: 1000 });
setUpTestApp({
  overrides: {
    networks: { ...createScriptedNetworks(), mastodon: createMastodonNetwork({ ...fake.settings, timeoutMs: 5_000 }) },
  },
});
afterAll(() => fake.close());

async function account(email: string) {
  const cookie = await t.signUpAndConfirm(email);
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { cookie, userId: row?.id ?? expect.unreachable("Konto fehlt") };
}

const start = (cookie: string, instance: string) =>
  t.request("/api/connections/mastodon/instance", { method: "POST", cookie, body: JSON.stringify({ instance }) });

describe("POST /api/connections/mastodon/instance", () => {
  it.each(["10.0.0.1", "localhost", "http://127.0.0.1:3191", "169.254.169.254"])(
    "refuses %s with a German message, registering nothing",
    async (instance) => {
      const { cookie } = await account(`privat-${instance.replace(/\W/g, "")}@example.test`);
      const answer = await start(cookie, instance);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        code: "INSTANCE_REFUSED",
        error: expect.stringMatching(/keine öffentliche Mastodon-Instanz|Adresse Ihrer Mastodon-Instanz/),
      });
    },
  );

  it("registers the app once per instance, sealed, and connects the account with the instance's limit", async () => {
    const first = await account("erste@example.test");
    const second = await account("zweite@example.test");
    const one = await start(first.cookie, fake.url);
    const two = await start(second.cookie, fake.url);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(fake.requestsTo("register")).toBe(1);
    const [app] = await t.db.select().from(mastodonApps).where(eq(mastodonApps.instance, fake.url));
    expect(app?.clientSecret).not.toBe([...fake.apps.values()][0]?.clientSecret);

    const { authorizationUrl } = (await one.json()) as { authorizationUrl: string };
    const url = new URL(authorizationUrl);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const { code, state } = await approveAuthorization(url, "erika");
    const back = await t.request(`/api/connections/mastodon/callback?code=${code}&state=${state}`, {
      cookie: first.cookie,
    });
    expect(back.headers.get("location")).toContain("verbunden=mastodon");
    const [connected] = await t.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.userId, first.userId), eq(socialAccounts.network, "mastodon")));
    expect(connected?.handle).toBe(`@erika@${new URL(fake.url).host}`);
    expect(connected?.postLimits?.maxCharacters).toBe(1000);
  });
});
