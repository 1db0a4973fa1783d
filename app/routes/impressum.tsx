import { Imprint } from "#app/features/legal/imprint.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";

export const meta = () =>
  pageMeta({
    title: "Impressum",
    description:
      "Impressum von Postwerk: Anbieter, Anschrift, Vertretung, Kontakt, Registereintrag und Umsatzsteuer-ID.",
  });

export default function ImprintPage() {
  return <Imprint />;
}
