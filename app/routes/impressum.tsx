import { IMPRINT } from "#app/features/legal/imprint.ts";
import { LegalPage } from "#app/features/legal/legal-page.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";

export const meta = () =>
  pageMeta({
    title: "Impressum",
    description:
      "Impressum von Postwerk: Anbieter, Anschrift, Vertretung, Kontakt, Registereintrag und Umsatzsteuer-ID.",
  });

export default function ImprintPage() {
  return <LegalPage document={IMPRINT} />;
}
