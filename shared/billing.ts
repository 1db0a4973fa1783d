import { GENERATOR_PRO_MONTHLY_CREDITS } from "./pricing.ts";

// Plans, payments and cancellation (spec sections 1, 2, 6, 7, 8 and 9; ADR 0023). Constants and
// texts only (ADR 0021); billing.schemas.ts builds the requests from them.

/** The two paid plans; each is its own entitlement (ADR 0023). */
export const PLANS = ["generator_pro", "optimizer_premium"] as const;
export type Plan = (typeof PLANS)[number];
export const PLAN_LABELS: Record<Plan, string> = {
  generator_pro: "Beitragsgenerator Pro",
  optimizer_premium: "X-Post Optimizer Premium",
};

/**
 * Stripe statuses that grant the plan. past_due keeps access while Stripe retries the payment;
 * once it gives up the subscription becomes unpaid or canceled (ADR 0023).
 */
export const ENTITLING_STATUSES = ["active", "trialing", "past_due"] as const;

export function isEntitlingStatus(status: string | null | undefined): boolean {
  return (ENTITLING_STATUSES as readonly string[]).includes(status ?? "");
}

/** ADR 0023: Pro includes this many runs per billing period (each run writes three posts). */
export const GENERATOR_PRO_RUNS_PER_PERIOD = GENERATOR_PRO_MONTHLY_CREDITS;

/** What a Pro subscriber has left of the period's runs: the header and /konto show the same figure. */
export function proRunsLeft(runsInPeriod: number): number {
  return Math.max(GENERATOR_PRO_RUNS_PER_PERIOD - runsInPeriod, 0);
}

// Spec section 8 "Account", word for word where the spec words them in German (its English ones
// translated, ADR 0100); the rest in "Sie".
export const BILLING_MESSAGES = {
  signInRequired: "Sie müssen angemeldet sein",
  noPortalUrl: "Keine Portal-URL erhalten",
  portalFailed: "Fehler beim Öffnen des Kundenportals",
  verifyFailed: "Der Abo-Status konnte nicht geprüft werden.",
  /** ADR 0080: a 400 of the checkout return names the page, not the check. */
  checkoutSessionInvalid: "Die Angaben der Bezahlseite sind ungültig. Bitte laden Sie die Seite neu.",
  paymentsDisabled:
    "Online-Zahlungen sind in dieser Installation noch nicht eingerichtet. Bitte wenden Sie sich an den Betreiber.",
  /** The same in the optimizer, which says "du" (docs/glossary.md). */
  paymentsDisabledDu:
    "Online-Zahlungen sind in dieser Installation noch nicht eingerichtet. Bitte wende dich an den Betreiber.",
  paymentPending: "Ihre Zahlung wird noch bestätigt. Ihr Plan erscheint hier, sobald Stripe sie meldet.",
  checkoutFailed: "Die Bezahlseite konnte nicht geöffnet werden. Bitte versuchen Sie es erneut.",
  alreadySubscribed: "Sie haben diesen Plan bereits gebucht. Verwalten können Sie ihn unter „Mein Konto“.",
  noSubscription: "Für Ihr Konto besteht kein Abonnement, das verwaltet werden könnte.",
  planInvalid: "Bitte wählen Sie einen Plan.",
  tooManyRequests: "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
  webhookInvalid: "Ungültige Signatur.",
  proAllowanceUsed: `Ihr Pro-Kontingent von ${GENERATOR_PRO_RUNS_PER_PERIOD} Durchläufen ist für diesen Abrechnungszeitraum aufgebraucht.`,
} as const;
