import MailCheck from "lucide-react/icons/mail-check";
import { useState } from "react";
import { useLocation } from "react-router";
import { ResendConfirmation } from "#app/features/auth/resend-confirmation.tsx";
import { SuccessPanel } from "#app/features/auth/success-panel.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";

export const meta = () => pageMeta({ title: "Registrierung erfolgreich" });

export default function RegistrationSuccess() {
  const email = (useLocation().state as { email?: unknown } | null)?.email;
  // Whoever asks for a new mail stays on the page instead of being sent home (ADR 0044).
  const [waitingForMail, setWaitingForMail] = useState(false);
  return (
    <SuccessPanel title="Vielen Dank für Ihre Registrierung!" icon={MailCheck} redirectHome={!waitingForMail}>
      <p>Wir haben Ihnen eine E-Mail mit einem Bestätigungslink geschickt.</p>
      <p>Bitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link. Danach können Sie sich anmelden.</p>
      <div className="mt-2 grid gap-2 text-sm" onFocusCapture={() => setWaitingForMail(true)}>
        <p>Keine E-Mail erhalten?</p>
        <ResendConfirmation email={typeof email === "string" ? email : undefined} />
      </div>
    </SuccessPanel>
  );
}
