import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { AuthNavigationState } from "#app/features/auth/auth-navigation.ts";
import { api, isApiError, toApiError } from "#app/lib/api.ts";
import { loadToast } from "#app/lib/lazy-toast.ts";
import { BILLING_MESSAGES, type Plan } from "#shared/billing.ts";
import { ROUTES } from "#shared/routes.ts";

// Buying a plan (ADR 0023) from /preise, the optimizer's landing and /konto. Apart
// from the portal (use-billing.ts), so the pricing page loads no query client (ADR 0031).

/** Where a signed-out buyer lands after signing in: /konto with the plan's button waiting. */
export const planPurchasePath = (plan: Plan) => `${ROUTES.account}?plan=${plan}`;

/**
 * Opens Stripe Checkout for a plan. A signed-out visitor goes to /auth first and comes back to
 * the plan; any other failure is the server's German reason as a toast.
 */
export function useCheckout() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  // Back from Stripe through the browser's back button the page comes from the bfcache, with
  // the button still waiting for a redirect that already happened.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setPending(false);
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  async function buy(plan: Plan) {
    setPending(true);
    try {
      const response = await api.billing.checkout.$post({ json: { plan } });
      if (response.ok) {
        window.location.assign((await response.json()).url);
        return;
      }
      const error = await toApiError(response);
      if (!isApiError(error, "NOT_SIGNED_IN")) throw error;
      const state: AuthNavigationState = { returnUrl: planPurchasePath(plan) };
      navigate(ROUTES.auth, { state });
      setPending(false);
    } catch (error) {
      const toast = await loadToast();
      toast.error(error instanceof Error ? error.message : BILLING_MESSAGES.checkoutFailed);
      setPending(false);
    }
  }
  return { buy, pending };
}
