import { and, eq } from "drizzle-orm";
import type { AppDeps } from "#server/app-env.ts";
import { mastodonApps } from "#server/db/schema/publishing.ts";
import { PublishingRefusal } from "#server/features/publishing/refusals.ts";
import {
  type InstanceApp,
  type InstanceConnect,
  NetworkError,
  type TokenSet,
} from "#server/integrations/social/social-network.ts";
import type { NetworkId } from "#shared/networks.ts";

// The app Postwerk registers on each Mastodon instance (ADR 0095): once per instance and callback
// URL, kept for every later user there, its secret sealed like tokens (ADR 0059). Registering is a
// network call, so it runs outside any transaction; two first users at once may both register,
// and the first row stored wins (the other app is simply never used).

type AppDepsForInstances = Pick<AppDeps, "db" | "networks" | "tokenBox">;

/** The network's instance connect, refused unless it connects by instance. */
export function instanceConnect(deps: Pick<AppDeps, "networks">, network: NetworkId): InstanceConnect {
  const { connect } = deps.networks[network];
  if (connect.kind !== "instance") throw new PublishingRefusal("NETWORK_WRONG_CONNECT", 400);
  return connect;
}

async function storedApp(deps: AppDepsForInstances, instance: string, redirectUri: string) {
  const [row] = await deps.db
    .select()
    .from(mastodonApps)
    .where(and(eq(mastodonApps.instance, instance), eq(mastodonApps.redirectUri, redirectUri)));
  return row ? { clientId: row.clientId, clientSecret: deps.tokenBox.open(row.clientSecret, instance) } : null;
}

/** The instance's app: from the cache, else registered there now and cached. */
export async function appFor(
  deps: AppDepsForInstances,
  connect: InstanceConnect,
  instance: string,
  redirectUri: string,
): Promise<InstanceApp> {
  const cached = await storedApp(deps, instance, redirectUri);
  if (cached) return cached;
  const app = await connect.registerApp({ instance, redirectUri });
  await deps.db
    .insert(mastodonApps)
    .values({
      instance,
      redirectUri,
      clientId: app.clientId,
      clientSecret: deps.tokenBox.seal(app.clientSecret, instance),
    })
    .onConflictDoNothing();
  return (await storedApp(deps, instance, redirectUri)) ?? app;
}

/** The code the instance sent back, exchanged with the app that started the round trip. */
export async function exchangeInstanceCode(
  deps: AppDepsForInstances,
  network: NetworkId,
  instance: string | null,
  request: { code: string; codeVerifier: string; redirectUri: string },
): Promise<TokenSet> {
  const app = instance ? await storedApp(deps, instance, request.redirectUri) : null;
  if (!instance || !app) throw new NetworkError(network, "rejected", { detail: "Instanz unbekannt" });
  return instanceConnect(deps, network).exchangeCode({ instance, app, ...request });
}
