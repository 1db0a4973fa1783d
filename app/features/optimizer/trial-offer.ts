import { formatDate } from "#app/lib/format.ts";
import { TRIAL_OFFER_DEFAULT } from "#shared/optimizer.ts";

/** What the optimizer's hero and pricing learn from GET /api/optimizer/access. */
export type TrialOfferAccess = {
  canUseAi: boolean;
  via: string | null;
  trialEndsAt: string | null;
  trialAvailable: boolean;
};

/**
 * ADR 0101: the optimizer's call to action says what applies to the visitor. Signed out, or with
 * the trial still to start: the trial offer. With a running trial, with Premium, or once the
 * trial is used up, never "7 Tage gratis testen" again.
 */
export function trialOfferLabel(access: TrialOfferAccess | undefined): string {
  if (!access || access.trialAvailable) return TRIAL_OFFER_DEFAULT;
  if (access.via === "trial" && access.trialEndsAt)
    return `Dein Premium-Test läuft bis ${formatDate(access.trialEndsAt)}`;
  if (access.canUseAi) return "Premium ist aktiv – zum Optimizer";
  return "Premium buchen";
}
