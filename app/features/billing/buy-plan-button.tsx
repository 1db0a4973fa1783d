import type { ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useAppConfig } from "#app/features/config/use-app-config.ts";
import { cn } from "#app/lib/cn.ts";
import { BILLING_MESSAGES, type Plan } from "#shared/billing.ts";
import { useCheckout } from "./use-checkout.ts";

/**
 * "Pro buchen" / "Premium buchen" wherever a plan is offered: straight to Stripe Checkout.
 * Without a payment provider the button gives way to a notice instead of leading nowhere, in the
 * form of address of the page it stands on (the optimizer says "du", docs/glossary.md).
 */
export function BuyPlanButton({
  plan,
  children,
  variant,
  className,
  address = "Sie",
}: {
  plan: Plan;
  address?: "Sie" | "du";
  children: ReactNode;
  variant?: "default" | "outline";
  className?: string;
}) {
  const config = useAppConfig();
  const checkout = useCheckout();
  if (config && !config.payments) {
    return (
      <p className={cn("text-sm text-slate-600", className)}>
        {address === "du" ? BILLING_MESSAGES.paymentsDisabledDu : BILLING_MESSAGES.paymentsDisabled}
      </p>
    );
  }
  return (
    <Button variant={variant} className={className} disabled={checkout.pending} onClick={() => checkout.buy(plan)}>
      {checkout.pending ? "Weiterleitung zur Bezahlseite..." : children}
    </Button>
  );
}
