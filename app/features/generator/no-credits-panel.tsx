import Sparkles from "lucide-react/icons/sparkles";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";
import {
  formatEuro,
  GENERATOR_PRO_MONTHLY_CREDITS,
  GENERATOR_PRO_MONTHLY_TEXTS,
  GENERATOR_PRO_PRICE_CENTS,
} from "#shared/pricing.ts";
import { ROUTES } from "#shared/routes.ts";

// Spec sections 2 "/erstellen" and 4 "Credit gate": replaces the form when the server says
// no run is possible: a free user without credits, or a Pro subscriber whose runs of this
// period are used up and who has no credits left (ADR 0023).
export function NoCreditsPanel({ proAllowanceUsed }: { proAllowanceUsed: boolean }) {
  return (
    <section
      aria-labelledby="no-credits-heading"
      className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-center shadow-sm sm:p-8"
    >
      <Sparkles className="mx-auto size-8 text-amber-600" aria-hidden />
      <h2 id="no-credits-heading" className="mt-3 text-xl font-semibold text-slate-900">
        {GENERATOR_MESSAGES.noCredits}
      </h2>
      {proAllowanceUsed ? (
        <>
          <p className="mx-auto mt-3 max-w-xl text-slate-700">
            Die {GENERATOR_PRO_MONTHLY_CREDITS} Durchläufe Ihres Pro-Plans sind für diesen Abrechnungszeitraum
            aufgebraucht. Mit dem nächsten Zeitraum stehen sie Ihnen wieder zur Verfügung.
          </p>
          <Button asChild className="mt-5">
            <Link to={ROUTES.account}>Zu meinem Konto</Link>
          </Button>
        </>
      ) : (
        <>
          <p className="mx-auto mt-3 max-w-xl text-slate-700">
            Mit dem Pro-Plan erhalten Sie {GENERATOR_PRO_MONTHLY_CREDITS} Credits pro Monat für bis zu{" "}
            {GENERATOR_PRO_MONTHLY_TEXTS} Beiträge – ab {formatEuro(GENERATOR_PRO_PRICE_CENTS)}/Monat, jederzeit
            kündbar.
          </p>
          <Button asChild className="mt-5">
            <Link to={ROUTES.pricing}>Zu den Preisen</Link>
          </Button>
        </>
      )}
    </section>
  );
}
