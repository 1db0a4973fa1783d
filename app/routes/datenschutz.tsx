import { LegalPage } from "#app/features/legal/legal-page.tsx";
import { PRIVACY_POLICY } from "#app/features/legal/privacy-policy.ts";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";

export const meta = () =>
  pageMeta({
    title: "Datenschutzerklärung",
    description:
      "Wie Postwerk mit Ihren Daten umgeht: Konto, Beiträge und KI-Anbieter, Cookies und Einwilligung, Google-Anmeldung, Analytics, Zahlungen, Speicherdauer und Ihre Rechte.",
  });

export default function PrivacyPage() {
  return <LegalPage document={PRIVACY_POLICY} />;
}
