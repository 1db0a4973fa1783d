import { useMutation } from "@tanstack/react-query";
import { api, toApiError } from "#app/lib/api.ts";
import { loadToast } from "#app/lib/lazy-toast.ts";
import { BILLING_MESSAGES } from "#shared/billing.ts";

// Managing the plans (ADR 0023): Stripe Checkout (use-checkout.ts) and the customer
// portal are Stripe's pages; the browser only goes there and asks for a fresh status after.

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
 * from Checkout with the session Stripe named, so the purchase shows before its webhook. A
 * failure carries the server's message: the spec's words when Stripe could not be asked, the
 * German "Zu viele Anfragen …" when the account asked too often (ADR 0048).
 */
export async function refreshPlans(checkoutSessionId?: string) {
  const response = await api.billing.status.$post({ json: checkoutSessionId ? { checkoutSessionId } : {} });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()).plans;
}
