import { LegalPage } from "#app/features/legal/legal-page.tsx";
import { TERMS_OF_SERVICE } from "#app/features/legal/terms-of-service.ts";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";

export const meta = () =>
  pageMeta({
    title: "AGB",
    description:
      "Allgemeine Geschäftsbedingungen von Postwerk: Pläne und Preise, Credits, kostenloser Test, Zahlung, Kündigung, Widerrufsrecht, KI-Inhalte und Haftung.",
  });

export default function TermsPage() {
  return <LegalPage document={TERMS_OF_SERVICE} />;
}
