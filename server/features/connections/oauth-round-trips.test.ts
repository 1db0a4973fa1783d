import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { socialOauthStates } from "#server/db/schema/publishing.ts";
import { OAUTH_START_TOO_OFTEN } from "#shared/publishing.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";
import { finishOAuth, OAUTH_START_RATE_LIMIT, startOAuth } from "./connections.service.ts";
import { OAUTH_OPEN_STATES_PER_ACCOUNT } from "./oauth-states.ts";

// Starting an OAuth round trip writes a row (ADR 0053); ADR 0083 bounds how often an account may
// start one and how many of its round trips stay open.

setUpTestApp({ overrides: { networks: createScriptedNetworks() } });

async function account(email: string) {
  const cookie = await t.signUpAndConfirm(email);
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { cookie, userId: row?.id ?? expect.unreachable("Konto fehlt") };
}

const statesOf = (userId: string) => t.db.select().from(socialOauthStates).where(eq(socialOauthStates.userId, userId));
const stateIn = (authorizationUrl: string) => new URL(authorizationUrl).searchParams.get("state") ?? "";

describe("POST /api/connections/:network/start", () => {
  let flooder: { cookie: string; userId: string };
  beforeAll(async () => {
    flooder = await account("flut@example.test");
  });

  it(`answers the ${OAUTH_START_RATE_LIMIT.max + 1}th start within a minute with a German 429, and keeps at most ${OAUTH_OPEN_STATES_PER_ACCOUNT} states`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.request("/api/connections/x/start", { method: "POST", cookie: flooder.cookie }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(OAUTH_START_RATE_LIMIT.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - OAUTH_START_RATE_LIMIT.max);
    const refused = answers.find((answer) => answer.status === 429) ?? expect.unreachable("kein 429");
    expect(refused.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(await refused.json()).toEqual({ error: OAUTH_START_TOO_OFTEN, code: "TOO_MANY_REQUESTS" });
    expect((await statesOf(flooder.userId)).length).toBeLessThanOrEqual(OAUTH_OPEN_STATES_PER_ACCOUNT);
  });

  it("counts each account on its own", async () => {
    const other = await account("andere@example.test");
    const start = await t.request("/api/connections/x/start", { method: "POST", cookie: other.cookie });
    expect(start.status).toBe(200);
  });
});

describe("open OAuth round trips of an account", () => {
  it(`keeps the newest ${OAUTH_OPEN_STATES_PER_ACCOUNT}; an older one's return is refused, the newest connects`, async () => {
    const { userId } = await account("viele-tabs@example.test");
    const begin = Date.UTC(2030, 0, 1, 9);
    const states: string[] = [];
    for (let index = 0; index < OAUTH_OPEN_STATES_PER_ACCOUNT + 2; index++) {
      const { authorizationUrl } = await startOAuth(t.deps, userId, "x", new Date(begin + index * 1000));
      states.push(stateIn(authorizationUrl));
    }
    const kept = (await statesOf(userId)).map((row) => row.state).sort();
    expect(kept).toEqual(states.slice(2).sort());

    const now = new Date(begin + 60_000);
    await expect(finishOAuth(t.deps, userId, "x", { code: "alt", state: states[0] ?? "" }, now)).rejects.toMatchObject({
      code: "OAUTH_STATE_INVALID",
    });
    const newest = states.at(-1) ?? "";
    expect(await finishOAuth(t.deps, userId, "x", { code: "neu", state: newest }, now)).toMatchObject({
      reconnected: false,
    });
  });

  it("deletes expired round trips, of any account, when one starts", async () => {
    const first = await account("abgelaufen@example.test");
    const second = await account("spaeter@example.test");
    const begin = Date.UTC(2031, 0, 1, 9);
    await startOAuth(t.deps, first.userId, "x", new Date(begin));
    await startOAuth(t.deps, second.userId, "linkedin", new Date(begin + 16 * 60_000));
    expect(await statesOf(first.userId)).toEqual([]);
    expect(await statesOf(second.userId)).toHaveLength(1);
  });

  it("leaves other accounts' open round trips alone", async () => {
    const quiet = await account("ruhig@example.test");
    const busy = await account("eifrig@example.test");
    const begin = Date.UTC(2032, 0, 1, 9);
    await startOAuth(t.deps, quiet.userId, "x", new Date(begin));
    for (let index = 1; index <= OAUTH_OPEN_STATES_PER_ACCOUNT + 1; index++)
      await startOAuth(t.deps, busy.userId, "x", new Date(begin + index * 1000));
    expect(await statesOf(quiet.userId)).toHaveLength(1);
    expect(await statesOf(busy.userId)).toHaveLength(OAUTH_OPEN_STATES_PER_ACCOUNT);
  });
});

describe("GET /api/connections/:network/callback signed out", () => {
  it("leads to sign-in with the way back, and back there the connection completes", async () => {
    const { cookie } = await account("abgemeldet@example.test");
    const start = await t.request("/api/connections/x/start", { method: "POST", cookie });
    const state = stateIn(((await start.json()) as { authorizationUrl: string }).authorizationUrl);
    const callback = `/api/connections/x/callback?code=zurueck&state=${state}`;

    const signedOut = await t.request(callback);
    expect(signedOut.status).toBe(302);
    const signIn = new URL(signedOut.headers.get("location") ?? "", "http://localhost");
    expect(signIn.pathname).toBe("/auth");
    expect(signIn.searchParams.get("returnUrl")).toBe(callback);
    expect(signIn.searchParams.get("anmelden")).toBe("1");

    // Signed in again (a new session), the same address connects the account.
    const again = await t.signIn("abgemeldet@example.test");
    const back = await t.request(signIn.searchParams.get("returnUrl") ?? "", { cookie: again });
    expect(back.headers.get("location")).toBe("/konto/verbundene-konten?verbunden=x");
  });

  it("lands on the connections page with the German reason when the state cannot be used any more", async () => {
    const owner = await account("besitzerin@example.test");
    const start = await t.request("/api/connections/x/start", { method: "POST", cookie: owner.cookie });
    const state = stateIn(((await start.json()) as { authorizationUrl: string }).authorizationUrl);
    // Someone else signs in on the way back: the state is not theirs.
    const other = await account("jemand-anders@example.test");
    const back = await t.request(`/api/connections/x/callback?code=fremd&state=${state}`, { cookie: other.cookie });
    expect(back.headers.get("location")).toBe("/konto/verbundene-konten?fehler=OAUTH_STATE_INVALID");
  });

  it("keeps no way back to another network's or another server's address", async () => {
    const unknown = await t.request("/api/connections/myspace/callback?code=a&state=b");
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe("/auth");
  });
});
