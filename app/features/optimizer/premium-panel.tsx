import Crown from "lucide-react/icons/crown";
import type { RefObject } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { BuyPlanButton } from "#app/features/billing/buy-plan-button.tsx";
import { CheckList } from "#app/features/marketing/page-sections.tsx";
import { formatDate } from "#app/lib/format.ts";
import { OPTIMIZER_ERRORS } from "#shared/optimizer.ts";
import { formatEuro, OPTIMIZER_PREMIUM_PRICE_CENTS, OPTIMIZER_TRIAL_DAYS } from "#shared/pricing.ts";
import { ROUTES } from "#shared/routes.ts";
import { useOptimizerAccess, useStartTrial } from "./use-optimizer.ts";

const PREMIUM_FEATURES = [
  "KI-Grammatik- und Rechtschreibkorrektur mit einem Klick",
  "KI-Optimierung, die alle sechs Kriterien erfüllt – in deinem Ton",
  "Jede Änderung erst als Vergleich, dann übernehmen",
  "Priorisierter Support",
];

// What Premium adds and how to start the trial (ADR 0007). The server decides;
// this panel only shows its answer.
export function PremiumPanel({ panelRef }: { panelRef?: RefObject<HTMLElement | null> }) {
  const { data: access } = useOptimizerAccess();
  const startTrial = useStartTrial();
  if (!access || access.canUseAi) {
    return access?.via === "trial" && access.trialEndsAt ? (
      <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
        <p>
          <Crown className="mr-1 inline size-4" aria-hidden />
          Dein kostenloser Premium-Test läuft bis {formatDate(access.trialEndsAt)}.
        </p>
        <BuyPlanButton address="du" plan="optimizer_premium" variant="outline" className="mt-3 w-full">
          Premium jetzt buchen
        </BuyPlanButton>
      </div>
    ) : null;
  }

  async function onStartTrial() {
    try {
      const { trialEndsAt } = await startTrial.mutateAsync();
      toast.success(
        `Dein ${OPTIMIZER_TRIAL_DAYS}-Tage-Test läuft bis ${formatDate(trialEndsAt)}. Viel Spaß mit Premium!`,
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : OPTIMIZER_ERRORS.trialStartFailed);
    }
  }

  return (
    <section
      ref={panelRef}
      tabIndex={-1}
      aria-labelledby="premium-heading"
      className="rounded-xl border border-indigo-200 bg-gradient-to-b from-indigo-50 to-white p-5 shadow-sm focus:outline-none"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="premium-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Crown className="size-5 text-indigo-600" aria-hidden />
          Premium
        </h2>
        <Badge>{formatEuro(OPTIMIZER_PREMIUM_PRICE_CENTS)}/Monat</Badge>
      </div>
      <CheckList items={PREMIUM_FEATURES} className="mt-3 text-sm text-slate-800" />
      {access.trialAvailable ? (
        <>
          <Button className="mt-4 w-full" onClick={onStartTrial} disabled={startTrial.isPending}>
            {startTrial.isPending ? "Laden..." : `${OPTIMIZER_TRIAL_DAYS} Tage gratis testen`}
          </Button>
          <p className="mt-2 text-center text-xs text-slate-600">
            Ohne Kreditkarte. Der Test endet nach {OPTIMIZER_TRIAL_DAYS} Tagen von selbst.
          </p>
          <BuyPlanButton address="du" plan="optimizer_premium" variant="outline" className="mt-3 w-full">
            Premium sofort buchen
          </BuyPlanButton>
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-700">Dein kostenloser Testzeitraum ist abgelaufen.</p>
          <BuyPlanButton address="du" plan="optimizer_premium" className="mt-3 w-full">
            Premium buchen
          </BuyPlanButton>
          <Link to={ROUTES.pricing} className="mt-2 block text-center text-sm text-indigo-700 underline">
            Alle Pläne ansehen
          </Link>
        </>
      )}
    </section>
  );
}
