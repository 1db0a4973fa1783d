import { PrivacyPolicy } from "#app/features/legal/privacy-policy.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";

export const meta = () =>
  pageMeta({
    title: "Datenschutzerklärung",
    description:
      "Wie Postwerk mit Ihren Daten umgeht: Konto, Beiträge und KI-Anbieter, Cookies und Einwilligung, Google-Anmeldung, Analytics, Zahlungen, Speicherdauer und Ihre Rechte.",
  });

export default function PrivacyPage() {
  return <PrivacyPolicy />;
}
