import { Building2, CreditCard, KeyRound, LogOut, Mail, UserRound } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { useSignOut } from "#app/features/auth/use-sign-out.ts";
import { useAppConfig } from "#app/features/config/use-app-config.ts";
import { formatDate } from "#app/lib/format.ts";
import { isActiveSubscription } from "#shared/credits.ts";
import { ROUTES } from "#shared/routes.ts";
import { ChangeEmailForm } from "./change-email-form.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import type { Profile } from "./use-profile.ts";

export function ProfileCard({ email }: { email: string }) {
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
        {openForm === "email" ? <ChangeEmailForm onDone={() => setOpenForm(null)} /> : null}
        {openForm === "password" ? <ChangePasswordForm onDone={() => setOpenForm(null)} /> : null}
        <Button variant="ghost" className="justify-self-start" onClick={signOut}>
          <LogOut aria-hidden />
          Abmelden
        </Button>
      </CardContent>
    </Card>
  );
}

export function SubscriptionCard({ profile }: { profile: Profile }) {
  const { data: config } = useAppConfig();
  const active = isActiveSubscription(profile.subscriptionStatus);

  // DESIGN.md: without a payment provider the portal cannot open; say so instead of failing.
  function openCustomerPortal() {
    if (!config?.payments) {
      toast.info(
        "Die Online-Verwaltung Ihres Abos ist auf dieser Installation nicht eingerichtet. Bitte schreiben Sie uns über das Kontaktformular.",
      );
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard className="size-5 text-indigo-600" aria-hidden />
          Abonnement
        </CardTitle>
        <CardDescription>Ihr Tarif und Ihre Credits</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-4">
          <div>
            <dt className="text-sm text-slate-600">Status</dt>
            <dd className="text-lg font-semibold">{active ? "Pro" : "Kostenlos"}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Verbleibende Credits</dt>
            <dd className="text-lg font-semibold">{Math.max(profile.credits, 0)}</dd>
          </div>
          {active && profile.subscriptionPeriodEnd ? (
            <div className="col-span-2">
              <dt className="text-sm text-slate-600">Läuft bis</dt>
              <dd className="font-medium">{formatDate(profile.subscriptionPeriodEnd)}</dd>
            </div>
          ) : null}
        </dl>
        {active ? (
          <Button variant="outline" className="justify-self-start" onClick={openCustomerPortal}>
            Abonnement verwalten
          </Button>
        ) : (
          <Button asChild className="justify-self-start">
            <Link to={ROUTES.pricing}>Auf Pro upgraden</Link>
          </Button>
        )}
      </CardContent>
    </Card>
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
          <span>{billing.country}</span>
          {billing.vatId ? <span className="text-sm text-slate-600">USt-IdNr.: {billing.vatId}</span> : null}
        </address>
      </CardContent>
    </Card>
  );
}
