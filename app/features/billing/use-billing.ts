import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { AuthNavigationState } from "#app/features/auth/auth-navigation.ts";
import { api, toApiError } from "#app/lib/api.ts";
import { loadToast } from "#app/lib/lazy-toast.ts";
import { BILLING_MESSAGES, type Plan } from "#shared/billing.ts";
import { ROUTES } from "#shared/routes.ts";

// Buying and managing the two plans (issue 13, ADR 0023): Stripe Checkout and the customer
// portal are Stripe's pages; the browser only goes there and asks for a fresh status after.

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
      if (error.status !== 401) throw error;
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

/** Spec sections 7 and 8: the customer portal, with the spec's words when it cannot open. */
export function usePortal() {
  return useMutation({
    mutationFn: async () => {
      const response = await api.billing.portal.$post();
      // A 401 carries the spec's "Sie müssen angemeldet sein".
      if (!response.ok) throw await toApiError(response);
      const { url } = await response.json();
      if (!url) {
        // biome-ignore lint/suspicious/noConsole: spec section 8 logs this one in the console
        console.error(BILLING_MESSAGES.noPortalUrl);
        throw new Error(BILLING_MESSAGES.portalFailed);
      }
      return url;
    },
    onSuccess: (url) => window.location.assign(url),
    onError: async (error) => {
      const toast = await loadToast();
      toast.error(error instanceof Error && error.message ? error.message : BILLING_MESSAGES.portalFailed);
    },
  });
}

/**
 * Spec section 7 "Subscription status check": asks Stripe again for the account's plans; back
 * from Checkout with the session Stripe named, so the purchase shows before its webhook.
 */
export async function refreshPlans(checkoutSessionId?: string) {
  const response = await api.billing.status.$post({ json: checkoutSessionId ? { checkoutSessionId } : {} });
  if (!response.ok) throw new Error(BILLING_MESSAGES.verifyFailed);
  return (await response.json()).plans;
}
