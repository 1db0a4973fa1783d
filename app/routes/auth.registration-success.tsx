import { MailCheck } from "lucide-react";
import { SuccessPanel } from "#app/features/auth/success-panel.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";

export const meta = () => pageMeta({ title: "Registrierung erfolgreich" });

export default function RegistrationSuccess() {
  return (
    <SuccessPanel title="Vielen Dank für Ihre Registrierung!" icon={MailCheck}>
      <p>Wir haben Ihnen eine E-Mail mit einem Bestätigungslink geschickt.</p>
      <p>Bitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link. Danach können Sie sich anmelden.</p>
    </SuccessPanel>
  );
}
