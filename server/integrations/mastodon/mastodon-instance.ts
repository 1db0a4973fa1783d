import { NetworkError } from "#server/integrations/social/social-network.ts";
import { type HostVetting, vetPublicHost } from "#server/integrations/website/address-policy.ts";

// Which Mastodon instances Postwerk talks to (ADR 0095). The user names the server, so the
// server's address is the user's choice: like a website the generator reads (ADR 0013), it must be
// a public address, never the server itself, its network or a cloud metadata service. Checked when
// the user connects and again before every call (a name may point elsewhere later).

export type InstanceGuard = HostVetting & {
  /** http:// instead of https://: only for the local fake, never for a real instance. */
  allowPlainHttp?: boolean;
  /**
   * One instance origin the operator lets through although its address is not public
   * (MASTODON_ALLOWED_INSTANCE: the fake on 127.0.0.1 for local trials and the e2e tests).
   */
  allowedInstance?: string | null;
};

export const INSTANCE_MESSAGES = {
  invalid: "Bitte geben Sie die Adresse Ihrer Mastodon-Instanz an, z. B. mastodon.social.",
  notPublic:
    "Diese Adresse ist keine öffentliche Mastodon-Instanz. Postwerk verbindet nur Instanzen, die aus dem Internet erreichbar sind.",
  unknownHost: "Diese Mastodon-Instanz wurde nicht gefunden. Bitte prüfen Sie die Adresse.",
} as const;

const refuse = (detail: string) => new NetworkError("mastodon", "rejected", { detail });

/** The origin (`https://mastodon.social`) of what the user typed: a bare host, or a URL of the instance. */
export function parseInstance(input: string, guard: InstanceGuard): URL {
  const trimmed = input.trim().replace(/^@?[^@\s/]+@(?=[^@\s/]+$)/, "");
  if (!trimmed || /\s/.test(trimmed)) throw refuse(INSTANCE_MESSAGES.invalid);
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    throw refuse(INSTANCE_MESSAGES.invalid);
  }
  const plainHttpOk = guard.allowPlainHttp === true || url.origin === guard.allowedInstance;
  const schemeOk = url.protocol === "https:" || (url.protocol === "http:" && plainHttpOk);
  if (!schemeOk || url.username || url.password || !url.hostname) throw refuse(INSTANCE_MESSAGES.invalid);
  if (url.protocol === "https:" && url.port === "443") url.port = "";
  return new URL(url.origin);
}

/** Refuses a host that is, or resolves to, any address that is not public (all answers must be). */
export async function vetInstanceHost(origin: URL, guard: InstanceGuard): Promise<void> {
  if (guard.allowedInstance && origin.origin === guard.allowedInstance) return;
  const verdict = await vetPublicHost(origin.hostname, guard);
  if (verdict === "unknown-host") throw refuse(INSTANCE_MESSAGES.unknownHost);
  if (verdict === "not-public") throw refuse(INSTANCE_MESSAGES.notPublic);
}
