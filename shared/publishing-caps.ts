import { PLAN_LABELS, PLANS } from "./billing.ts";
import { NETWORK_IDS, NETWORKS, type NetworkId } from "./networks.ts";
import { DEFAULT_TIME_ZONE } from "./wall-time.ts";

// The operator's monthly cap of published posts per plan and network (ADR 0053, "Kontingent je
// Plan"): X charges the operator per post. No value means no cap; 0 turns the network off for the plan.

/** Every account has "free"; the paid plans come on top of it, and the highest cap of them applies. */
export const CAP_PLANS = ["free", ...PLANS] as const;
export type CapPlan = (typeof CAP_PLANS)[number];

export const CAP_PLAN_LABELS: Record<CapPlan, string> = { free: "Kostenlos", ...PLAN_LABELS };

/** The largest cap one may enter; more would be no cap at all. */
export const PUBLISHING_CAP_MAX = 1_000_000;
export const CAP_INVALID_MESSAGE = `Bitte geben Sie eine ganze Zahl von 0 bis ${PUBLISHING_CAP_MAX.toLocaleString("de-DE")} ein, oder lassen Sie das Feld leer (keine Obergrenze).`;

/** null: no cap. */
export type PublishingCap = number | null;
export type PublishingCaps = Record<CapPlan, Record<NetworkId, PublishingCap>>;

export const NO_PUBLISHING_CAPS: PublishingCaps = Object.fromEntries(
  CAP_PLANS.map((plan) => [plan, Object.fromEntries(NETWORK_IDS.map((network) => [network, null]))]),
) as PublishingCaps;

/** A caps table's rows as the plan × network table; a row of a plan or network that no longer exists is left out. */
export function capsFromRows(rows: { plan: string; network: string; monthlyMax: PublishingCap }[]): PublishingCaps {
  const caps = structuredClone(NO_PUBLISHING_CAPS);
  for (const row of rows) {
    if ((CAP_PLANS as readonly string[]).includes(row.plan) && (NETWORK_IDS as readonly string[]).includes(row.network))
      caps[row.plan as CapPlan][row.network as NetworkId] = row.monthlyMax;
  }
  return caps;
}

/** The highest cap of the plans an account has; any plan without a cap means none. */
export function highestCap(caps: PublishingCap[]): PublishingCap {
  if (caps.length === 0 || caps.includes(null)) return null;
  return Math.max(...(caps as number[]));
}

const MONTH_LABEL = new Intl.DateTimeFormat("de-DE", {
  timeZone: DEFAULT_TIME_ZONE,
  month: "long",
  year: "numeric",
});

/** The 409 when a post would go over the cap (shown in the composer). */
export function capReachedMessage(network: NetworkId, cap: number, monthStart: Date): string {
  const label = NETWORKS[network].label;
  if (cap === 0) return `Über ${label} können Sie mit Ihrem Plan nicht veröffentlichen.`;
  return `Ihr Plan erlaubt höchstens ${cap.toLocaleString("de-DE")} Beiträge im Monat über ${label}. Für ${MONTH_LABEL.format(monthStart)} sind sie schon gesendet oder geplant.`;
}

/** Why the queue did not send a post whose month was full by the time it was due. */
export function capReachedDetail(network: NetworkId, cap: number): string {
  const label = NETWORKS[network].label;
  if (cap === 0)
    return `Der Beitrag wurde nicht gesendet: Über ${label} können Sie mit Ihrem Plan nicht veröffentlichen.`;
  return `Der Beitrag wurde nicht gesendet: Ihr Plan erlaubt höchstens ${cap.toLocaleString("de-DE")} Beiträge im Monat über ${label}, und die sind in diesem Monat schon gesendet.`;
}

/** What /preise shows of publishing: per plan and network the cap that applies to an account with that plan. */
export type PublishingOffer = {
  networks: { id: NetworkId; label: string; configured: boolean }[];
  plans: { id: CapPlan; label: string; caps: Record<NetworkId, PublishingCap> }[];
};

/** The caps an account with `plan` has: "free" applies to everyone, and the highest of the two wins. */
export function offerOf(caps: PublishingCaps): PublishingOffer["plans"] {
  return CAP_PLANS.map((plan) => ({
    id: plan,
    label: CAP_PLAN_LABELS[plan],
    caps: Object.fromEntries(
      NETWORK_IDS.map((network) => [
        network,
        plan === "free" ? caps.free[network] : highestCap([caps.free[network], caps[plan][network]]),
      ]),
    ) as Record<NetworkId, PublishingCap>,
  }));
}
