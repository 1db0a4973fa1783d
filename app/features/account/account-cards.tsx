import Building2 from "lucide-react/icons/building-complex";
import CreditCard from "lucide-react/icons/credit-card";
import KeyRound from "lucide-react/icons/key-round";
import LogOut from "lucide-react/icons/log-out";
import Mail from "lucide-react/icons/mail";
import UserRound from "lucide-react/icons/user-round";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { CenteredSpinner } from "#app/components/load-status.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { useSignOut } from "#app/features/auth/use-sign-out.ts";
import { BuyPlanButton } from "#app/features/billing/buy-plan-button.tsx";
import { usePortal } from "#app/features/billing/use-billing.ts";
import { useAppConfig } from "#app/features/config/use-app-config.ts";
import { cn } from "#app/lib/cn.ts";
import { formatDate, formatDateTime } from "#app/lib/format.ts";
import {
  BILLING_MESSAGES,
  GENERATOR_PRO_RUNS_PER_PERIOD,
  PLAN_LABELS,
  type Plan,
  proRunsLeft,
} from "#shared/billing.ts";
import { isActiveSubscription } from "#shared/credits.ts";
import { formatEuro, GENERATOR_PRO_PRICE_CENTS, OPTIMIZER_PREMIUM_PRICE_CENTS } from "#shared/pricing.ts";
import { ROUTES } from "#shared/routes.ts";
import { PendingEmailChange } from "./pending-email-change.tsx";
import type { Profile } from "./use-profile.ts";

// The two forms open on a click; loaded then, they keep the form library and the schemas out of
// what /konto needs for its first view (ADR 0073).
const ChangeEmailForm = lazy(() =>
  import("./change-email-form.tsx").then((module) => ({ default: module.ChangeEmailForm })),
);
const ChangePasswordForm = lazy(() =>
  import("./change-password-form.tsx").then((module) => ({ default: module.ChangePasswordForm })),
);

export function ProfileCard({
  email,
  pendingEmailChange,
}: {
  email: string;
  pendingEmailChange: Profile["pendingEmailChange"];
}) {
  const [openForm, setOpenForm] = useState<"email" | "password" | null>(null);
  const signOut = useSignOut({
    success: "Erfolgreich abgemeldet",
    failure: (cause) => `Fehler beim Abmelden: ${cause}`,
    redirectTo: ROUTES.home,
  });
  const toggle = (form: "email" | "password") => setOpenForm((current) => (current === form ? null : form));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound className="size-5 text-indigo-600" aria-hidden />
          Profil
        </CardTitle>
        <CardDescription>Ihre Anmeldedaten</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div>
          <p className="text-sm text-slate-600">E-Mail</p>
          <p className="break-all font-medium">{email}</p>
        </div>
        {pendingEmailChange ? (
          <PendingEmailChange pending={pendingEmailChange} currentEmail={email} onResend={() => setOpenForm("email")} />
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" aria-expanded={openForm === "email"} onClick={() => toggle("email")}>
            <Mail aria-hidden />
            E-Mail ändern
          </Button>
          <Button variant="outline" aria-expanded={openForm === "password"} onClick={() => toggle("password")}>
            <KeyRound aria-hidden />
            Passwort ändern
          </Button>
        </div>
        <Suspense fallback={<CenteredSpinner className="py-4" />}>
          {openForm === "email" ? (
            <ChangeEmailForm initialEmail={pendingEmailChange?.email} onDone={() => setOpenForm(null)} />
          ) : null}
          {openForm === "password" ? <ChangePasswordForm onDone={() => setOpenForm(null)} /> : null}
        </Suspense>
        <Button variant="ghost" className="justify-self-start" onClick={signOut}>
          <LogOut aria-hidden />
          Abmelden
        </Button>
      </CardContent>
    </Card>
  );
}

type PlanState = NonNullable<Profile["plans"][Plan]>;

export function SubscriptionCard({ profile, highlightPlan }: { profile: Profile; highlightPlan?: Plan | null }) {
  const portal = usePortal();
  const generatorActive = isActiveSubscription(profile.subscriptionStatus);
  const pro = profile.plans.generator_pro;
  const premium = profile.plans.optimizer_premium;
  const premiumActive = premium?.active ?? false;
  const trialEnd = profile.optimizerTrialEndsAt;
  const trialRunning = !premiumActive && trialEnd !== null && new Date(trialEnd) > new Date();
  const hasStripeSubscription = Boolean(pro?.active || premiumActive);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard className="size-5 text-indigo-600" aria-hidden />
          Abonnement
        </CardTitle>
        <CardDescription>Ihre Pläne und Ihre Credits</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="plan-generator" className="grid gap-3">
          <h3 id="plan-generator" className="font-semibold">
            {PLAN_LABELS.generator_pro}
          </h3>
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm text-slate-600">Status</dt>
              <dd className="text-lg font-semibold">{generatorActive ? "Pro" : "Kostenlos"}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Verbleibende Credits</dt>
              <dd className="text-lg font-semibold">{Math.max(profile.credits, 0)}</dd>
            </div>
            {generatorActive && profile.subscriptionPeriodEnd ? (
              <PeriodEnd end={profile.subscriptionPeriodEnd} ending={pro?.cancelAtPeriodEnd ?? false} />
            ) : null}
            {pro?.active ? (
              <div>
                <dt className="text-sm text-slate-600">Durchläufe in diesem Zeitraum</dt>
                <dd className="font-medium">
                  {proRunsLeft(pro.runsInPeriod)} von {GENERATOR_PRO_RUNS_PER_PERIOD} übrig
                </dd>
              </div>
            ) : null}
          </dl>
          {pro ? <PaymentProblem state={pro} /> : null}
          {generatorActive ? null : <BuyAction plan="generator_pro" highlighted={highlightPlan === "generator_pro"} />}
        </section>

        <section aria-labelledby="plan-optimizer" className="grid gap-3 border-t border-slate-200 pt-5">
          <h3 id="plan-optimizer" className="font-semibold">
            {PLAN_LABELS.optimizer_premium}
          </h3>
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm text-slate-600">Status</dt>
              <dd className="text-lg font-semibold">
                {premiumActive ? "Premium" : trialRunning ? "Premium (Testphase)" : "Basis"}
              </dd>
            </div>
            {trialRunning && trialEnd ? (
              <div>
                <dt className="text-sm text-slate-600">Testphase endet am</dt>
                <dd className="font-medium">{formatDateTime(trialEnd)}</dd>
              </div>
            ) : null}
            {premiumActive && premium?.currentPeriodEnd ? (
              <PeriodEnd end={premium.currentPeriodEnd} ending={premium.cancelAtPeriodEnd} />
            ) : null}
          </dl>
          {premium ? <PaymentProblem state={premium} /> : null}
          {premiumActive ? null : (
            <BuyAction plan="optimizer_premium" highlighted={highlightPlan === "optimizer_premium"} />
          )}
        </section>

        {hasStripeSubscription ? (
          <div className="grid gap-2 border-t border-slate-200 pt-5">
            <Button
              variant="outline"
              className="justify-self-start"
              disabled={portal.isPending}
              onClick={() => portal.mutate()}
            >
              Abonnement verwalten
            </Button>
            <p className="text-sm text-slate-600">
              Zahlungsmittel, Rechnungen als PDF und Kündigung im Kundenportal unseres Zahlungsanbieters Stripe.
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PeriodEnd({ end, ending }: { end: string; ending: boolean }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{ending ? "Gekündigt, endet am" : "Läuft bis"}</dt>
      <dd className="font-medium">{formatDate(end)}</dd>
    </div>
  );
}

// ADR 0023: past_due keeps access while Stripe retries the payment; the customer should know.
function PaymentProblem({ state }: { state: PlanState }) {
  if (state.status !== "past_due") return null;
  return (
    <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status">
      Die letzte Zahlung ist fehlgeschlagen. Bitte prüfen Sie Ihr Zahlungsmittel unter „Abonnement verwalten“ – bis
      dahin bleibt Ihr Plan nutzbar.
    </p>
  );
}

const PLAN_PRICES: Record<Plan, number> = {
  generator_pro: GENERATOR_PRO_PRICE_CENTS,
  optimizer_premium: OPTIMIZER_PREMIUM_PRICE_CENTS,
};

// ADR 0023: a plan is bought right here (spec section 2 names only an upgrade link to /preise,
// which stays for Pro while payments are off).
function BuyAction({ plan, highlighted }: { plan: Plan; highlighted: boolean }) {
  const config = useAppConfig();
  if (config && !config.payments) {
    return plan === "generator_pro" ? (
      <div className="grid gap-2">
        <Button asChild className="justify-self-start">
          <Link to={ROUTES.pricing}>Auf Pro upgraden</Link>
        </Button>
        {highlighted ? <p className="text-sm text-slate-600">{BILLING_MESSAGES.paymentsDisabled}</p> : null}
      </div>
    ) : null;
  }
  return (
    <BuyPlanButton
      plan={plan}
      className={cn("justify-self-start", highlighted && "ring-2 ring-indigo-300 ring-offset-2")}
    >
      {plan === "generator_pro" ? "Pro buchen" : "Premium buchen"} – {formatEuro(PLAN_PRICES[plan])}/Monat
    </BuyPlanButton>
  );
}

export function BillingCard({ billing }: { billing: NonNullable<Profile["billing"]> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="size-5 text-indigo-600" aria-hidden />
          Rechnungsdaten
        </CardTitle>
      </CardHeader>
      <CardContent>
        <address className="grid gap-1 not-italic">
          <span className="font-medium">{billing.companyName}</span>
          <span>{billing.street}</span>
          <span>
            {billing.postalCode} {billing.city}
          </span>
          <span>{countryName(billing.country)}</span>
          {billing.vatId ? <span className="text-sm text-slate-600">USt-IdNr.: {billing.vatId}</span> : null}
        </address>
      </CardContent>
    </Card>
  );
}

// Stripe stores countries as ISO codes ("DE"); the card shows "Deutschland".
function countryName(country: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  return new Intl.DisplayNames(["de"], { type: "region" }).of(country) ?? country;
}
