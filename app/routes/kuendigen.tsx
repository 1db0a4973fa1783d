import { CancellationForm } from "#app/features/cancellation/cancellation-form.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { CANCELLATION_BUTTON_TEXT } from "#shared/cancellation.ts";

export const meta = () =>
  pageMeta({
    title: CANCELLATION_BUTTON_TEXT,
    description: "Kündigen Sie Ihr Abonnement bei Postwerk direkt online – mit oder ohne Anmeldung.",
  });

// § 312k BGB: reachable from every page's footer, signed in or not (ADR 0023).
export default function CancellationPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{CANCELLATION_BUTTON_TEXT}</h1>
      <p className="mt-4 text-slate-700">
        Hier kündigen Sie Ihr Abonnement für den Beitragsgenerator Pro oder den X-Post Optimizer Premium. Sind Sie
        angemeldet und kündigen ordentlich zum nächstmöglichen Zeitpunkt, tragen wir die Kündigung sofort ein, und das
        Abonnement endet zum Ende des bezahlten Zeitraums (bis dahin nutzen Sie es weiter); sonst ordnen wir Ihre
        Kündigung über die E-Mail-Adresse Ihrem Konto zu. Sie erhalten in jedem Fall sofort eine Bestätigung mit Datum
        und Uhrzeit per E-Mail.
      </p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <CancellationForm />
      </div>
    </div>
  );
}
