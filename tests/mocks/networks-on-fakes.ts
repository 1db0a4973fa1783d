import { createBlueskyNetwork } from "#server/integrations/bluesky/bluesky-network.ts";
import { createLinkedInNetwork, LINKEDIN_VERSION } from "#server/integrations/linkedin/linkedin-network.ts";
import { createMastodonNetwork } from "#server/integrations/mastodon/mastodon-network.ts";
import { createFacebookNetwork } from "#server/integrations/meta/facebook-network.ts";
import { createInstagramNetwork } from "#server/integrations/meta/instagram-network.ts";
import { createGraph, type MetaSettings } from "#server/integrations/meta/meta-graph.ts";
import type { SocialNetwork } from "#server/integrations/social/social-network.ts";
import { createThreadsNetwork } from "#server/integrations/threads/threads-network.ts";
import { createXNetwork } from "#server/integrations/x/x-network.ts";
import { FAKE_BLUESKY_ACCOUNT, startBlueskyFake } from "./bluesky-server.ts";
import { startLinkedInFake } from "./linkedin-server.ts";
import { FAKE_MASTODON_ACCOUNT, startMastodonFake } from "./mastodon-server.ts";
import { startMetaFake } from "./meta-server.ts";
import {
  approveAuthorization,
  connectThroughFake,
  type FakeServer,
  newToken,
  type RecordedPost,
  TEST_REDIRECT_URI,
} from "./social-fake.ts";
import { startThreadsFake } from "./threads-server.ts";
import { startXFake } from "./x-server.ts";

// Each network's adapter (server/integrations/<network>) built against a fake of its own, for the
// adapters' tests: the contract all three keep (server/integrations/social/network-contract.test.ts)
// and each network's own cases.

/** Long enough to send a request on a busy machine; a "slow" fault holds the answer far longer. */
const SHORT_TIMEOUT_MS = 1_000;

type SocialFake = FakeServer & { settings: object; posts: RecordedPost[] };

function onFake<Fake extends SocialFake>(
  fake: Fake,
  createNetwork: (settings: Fake["settings"] & { timeoutMs: number }) => SocialNetwork,
  externalIdOf: (post: Fake["posts"][number]) => string,
) {
  return {
    fake,
    network: createNetwork({ ...fake.settings, timeoutMs: 5_000 }),
    /** The adapter with a deadline of a second, for the cases where the fake answers too late. */
    shortTimeoutNetwork: createNetwork({ ...fake.settings, timeoutMs: SHORT_TIMEOUT_MS }),
    /** The post the fake stored under the id the adapter reported. */
    storedPost: (externalId: string): Fake["posts"][number] | undefined =>
      fake.posts.find((post) => externalIdOf(post) === externalId),
  };
}

/** A network's adapter on its fake, as far as all three are alike. */
export type NetworkOnFake = ReturnType<typeof onFake<SocialFake>>;

export const xOnFake = async () => onFake(await startXFake(), createXNetwork, (post) => post.id);

/** LinkedIn answers only the API versions it has; by default the one the adapter sends. */
export const linkedInOnFake = async ({ activeVersions = [LINKEDIN_VERSION] } = {}) =>
  onFake(await startLinkedInFake({ activeVersions }), createLinkedInNetwork, (post) => post.id);

/** A Bluesky post is known to the adapter by its at:// URI. */
export const blueskyOnFake = async () => onFake(await startBlueskyFake(), createBlueskyNetwork, (post) => post.uri);

/** Threads fetches images from a public address: here the fake's own, where it serves them (`hostImage`). */
export const threadsOnFake = async () => {
  const fake = await startThreadsFake();
  fake.settings.publicImages = true;
  return onFake(fake, createThreadsNetwork, (post) => post.id);
};

/** Bluesky's way to connect: a handle and an app password instead of OAuth; by default the fake's own account. */
export async function signInToBluesky(
  network: SocialNetwork,
  identifier = FAKE_BLUESKY_ACCOUNT.handle,
  appPassword = FAKE_BLUESKY_ACCOUNT.appPassword,
) {
  if (network.connect.kind !== "app-password") throw new Error("Bluesky verbindet mit App-Passwort");
  return network.connect.signIn({ identifier, appPassword });
}

/** Facebook Pages and Instagram on one Meta fake (ADR 0096, 0097); a Facebook post is known by its Graph id. */
export const facebookOnFake = async () =>
  onFake(
    await startMetaFake(),
    (settings: MetaSettings) => createFacebookNetwork(createGraph(settings)),
    (post) => post.id,
  );

export const instagramOnFake = async () =>
  onFake(
    await startMetaFake(),
    (settings: MetaSettings) => createInstagramNetwork(createGraph(settings), settings.publicImages),
    (post) => post.id,
  );

/**
 * The Meta login against its fake as `account`, then the chosen account of `network` from the
 * login's choices (the page, or its Instagram account): its page token.
 */
export async function connectMetaThroughFake(network: SocialNetwork, account = "redaktion") {
  if (network.connect.kind !== "oauth" || !network.connect.accountChoices)
    throw new Error("Meta bietet Konten zur Wahl");
  const user = await connectThroughFake(network, account);
  const choices = await network.connect.accountChoices(user);
  const chosen = choices.find((choice) => choice.network === network.id);
  if (!chosen) throw new Error(`Kein ${network.id}-Konto zur Wahl`);
  return chosen.tokens;
}

/** A Mastodon instance's fake; its adapter lets exactly that instance through (ADR 0095). */
export const mastodonOnFake = async (options: { maxCharacters?: number } = {}) =>
  onFake(await startMastodonFake(options), createMastodonNetwork, (post) => post.id);

/**
 * Mastodon's way to connect, as the connections service runs it: the instance checked, the app
 * registered there, the OAuth round trip approved on the fake's page as `account`.
 */
export async function connectToMastodon(
  network: SocialNetwork,
  instanceInput: string,
  account = FAKE_MASTODON_ACCOUNT.username,
) {
  if (network.connect.kind !== "instance") throw new Error("Mastodon verbindet über die Instanz");
  const instance = await network.connect.instanceOrigin(instanceInput);
  const app = await network.connect.registerApp({ instance, redirectUri: TEST_REDIRECT_URI });
  const codeVerifier = newToken("verifier");
  const url = network.connect.authorizationUrl({
    instance,
    app,
    state: "state-mastodon",
    codeVerifier,
    redirectUri: TEST_REDIRECT_URI,
  });
  const { code } = await approveAuthorization(url, account);
  return network.connect.exchangeCode({ instance, app, code, codeVerifier, redirectUri: TEST_REDIRECT_URI });
}
