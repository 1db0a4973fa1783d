import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { api, toApiError } from "#app/lib/api.ts";
import { BILLING_MESSAGES, type Plan } from "#shared/billing.ts";

// Buying and managing the two plans (issue 13, ADR 0023): Stripe Checkout and the customer
// portal are Stripe's pages; the browser only goes there and asks for a fresh status after.

/** Opens Stripe Checkout for a plan; on failure the server's German reason as a toast. */
export function useCheckout() {
  return useMutation({
    mutationFn: async (plan: Plan) => {
      const response = await api.billing.checkout.$post({ json: { plan } });
      if (!response.ok) throw await toApiError(response);
      return (await response.json()).url;
    },
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => toast.error(error instanceof Error ? error.message : BILLING_MESSAGES.checkoutFailed),
  });
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
    onError: (error) =>
      toast.error(error instanceof Error && error.message ? error.message : BILLING_MESSAGES.portalFailed),
  });
}

/** Spec section 7 "Subscription status check": asks Stripe again for the account's plans. */
export async function refreshPlans() {
  const response = await api.billing.status.$post();
  if (!response.ok) throw new Error(BILLING_MESSAGES.verifyFailed);
  return (await response.json()).plans;
}
