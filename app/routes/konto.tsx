import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { redirect, useSearchParams } from "react-router";
import { toast } from "sonner";
import { CenteredSpinner, LoadFailedAlert } from "#app/components/load-status.tsx";
import { BillingCard, ProfileCard, SubscriptionCard } from "#app/features/account/account-cards.tsx";
import { AccountDataCard } from "#app/features/account/account-data-card.tsx";
import { PasskeysCard } from "#app/features/account/passkeys-card.tsx";
import { useChangeLinkErrorNotice } from "#app/features/account/pending-email-change.tsx";
import { SessionsCard } from "#app/features/account/sessions-card.tsx";
import { TimeZoneCard } from "#app/features/account/time-zone-card.tsx";
import { TwoFactorCard } from "#app/features/account/two-factor-card.tsx";
import {
  forgetProfile,
  PROFILE_QUERY_KEY,
  type Profile,
  prefetchProfile,
  useProfile,
} from "#app/features/account/use-profile.ts";
import { ApiKeysCard } from "#app/features/api-keys/api-keys-card.tsx";
import { OAuthAppsCard } from "#app/features/api-keys/oauth-apps-card.tsx";
import { pageSession, signInRedirect } from "#app/features/auth/require-session.ts";
import { refreshPlans } from "#app/features/billing/use-billing.ts";
import { ConnectionsLinkCard } from "#app/features/connections/connections-link-card.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { WebhooksCard } from "#app/features/webhooks/webhooks-card.tsx";
import { BILLING_MESSAGES, PLAN_LABELS, PLANS, type Plan } from "#shared/billing.ts";
import { ROUTES } from "#shared/routes.ts";
import type { Route } from "./+types/konto";

export const meta = () => pageMeta({ title: "Mein Konto" });

// Spec section 2 "/konto": without a session the visitor goes to /auth, and comes back here after
// signing in (ADR 0083); so does someone who chose a plan while signed out (/konto?plan=…).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  prefetchProfile();
  if (await pageSession(request)) return null;
  await forgetProfile();
  const url = new URL(request.url);
  // A plan chosen on /preise may be a new customer's: /auth opens with sign-up (spec section 2).
  if (asPlan(url.searchParams.get("plan")))
    throw redirect(`${ROUTES.auth}?returnUrl=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  throw signInRedirect(request);
}

export default function AccountPage() {
  const { data: profile, isPending, isError, refetch } = useProfile();
  const highlightPlan = usePlanCheck();
  useChangeLinkErrorNotice();

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight">Mein Konto</h1>
      {isPending ? (
        <CenteredSpinner className="py-16" />
      ) : isError || !profile ? (
        <LoadFailedAlert
          message="Ihr Profil konnte nicht geladen werden. Bitte versuchen Sie es erneut."
          onRetry={() => refetch()}
          className="mt-8"
        />
      ) : (
        <div className="mt-8 grid gap-6">
          <ProfileCard email={profile.email} pendingEmailChange={profile.pendingEmailChange} />
          <SubscriptionCard profile={profile} highlightPlan={highlightPlan} />
          {profile.billing ? <BillingCard billing={profile.billing} /> : null}
          <ConnectionsLinkCard />
          <TimeZoneCard key={profile.timeZone} timeZone={profile.timeZone} />
          <PasskeysCard />
          <TwoFactorCard />
          <SessionsCard />
          <ApiKeysCard />
          <OAuthAppsCard />
          <WebhooksCard />
          <AccountDataCard />
        </div>
      )}
    </div>
  );
}

const asPlan = (value: string | null): Plan | null =>
  value && (PLANS as readonly string[]).includes(value) ? (value as Plan) : null;

/**
 * Spec section 7 "Subscription status check", once per visit: the plans are read from Stripe
 * again, so a change made in Stripe's portal shows here on return. Back from Checkout
 * (`?kauf=<plan>&session_id=…`) the purchase itself is read, so the plan shows everywhere
 * without waiting for the webhook. Signed in after choosing a plan while signed out
 * (`?plan=<plan>`): that plan's button is highlighted. Returns the plan to highlight.
 */
function usePlanCheck(): Plan | null {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const checked = useRef(false);
  const bought = asPlan(params.get("kauf"));
  const checkoutSessionId = params.get("session_id") ?? undefined;
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (bought) setParams({}, { replace: true });
    refreshPlans(checkoutSessionId)
      .then((plans) => {
        if (bought) {
          if (plans[bought]?.active) toast.success(`Vielen Dank! ${PLAN_LABELS[bought]} ist jetzt aktiv.`);
          else toast.info(BILLING_MESSAGES.paymentPending);
          // Header badge, credits, optimizer access: everything may change with a plan.
          return queryClient.invalidateQueries();
        }
        const known = queryClient.getQueryData<Profile>(PROFILE_QUERY_KEY)?.plans;
        if (JSON.stringify(known) !== JSON.stringify(plans))
          return queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
      })
      .catch((error: unknown) => toast.error(error instanceof Error ? error.message : BILLING_MESSAGES.verifyFailed));
  }, [bought, checkoutSessionId, setParams, queryClient]);
  return asPlan(params.get("plan"));
}
