import { isEntitlingStatus } from "#shared/billing.ts";
import type { AiAccessVia } from "#shared/optimizer.ts";

// Who may use the optimizer's AI (ADR 0007, 0023): an Optimizer Premium subscription that
// Stripe counts as running, or a running trial. Generator Pro is another plan and does not count. Pure, so the rule is tested on its own and the
// server decides it from the stored row alone.

type AiAccessProfile = {
  /** Stripe's status of the account's Optimizer Premium subscription; null if never bought. */
  premiumStatus: string | null;
  trialStartedAt: Date | null;
  trialEndsAt: Date | null;
};

type AiAccess = {
  canUseAi: boolean;
  via: AiAccessVia | null;
  /** The trial's end, also once it is over, so the page can say when it ended. */
  trialEndsAt: Date | null;
  /** The one trial per account is still there to start (never for subscribers). */
  trialAvailable: boolean;
  /** A trial was started and has ended, and there is no subscription. */
  trialExpired: boolean;
};

export function resolveAiAccess(profile: AiAccessProfile, now: Date): AiAccess {
  const subscribed = isEntitlingStatus(profile.premiumStatus);
  const trialUsed = profile.trialStartedAt !== null || profile.trialEndsAt !== null;
  const trialRunning = profile.trialEndsAt !== null && profile.trialEndsAt.getTime() > now.getTime();
  let via: AiAccessVia | null = null;
  if (subscribed) via = "subscription";
  else if (trialRunning) via = "trial";
  return {
    canUseAi: via !== null,
    via,
    trialEndsAt: profile.trialEndsAt,
    trialAvailable: !subscribed && !trialUsed,
    trialExpired: !subscribed && trialUsed && !trialRunning,
  };
}
