import { CircleAlert } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ResendConfirmation } from "#app/features/auth/resend-confirmation.tsx";
import { SuccessPanel } from "#app/features/auth/success-panel.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { safeReturnUrl } from "#shared/return-url.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () => pageMeta({ title: "E-Mail-Adresse bestätigt" });

export default function EmailConfirmSuccess() {
  // Better Auth sends the visitor here with ?error=… when a link is invalid or expired.
  const [searchParams] = useSearchParams();
  if (searchParams.get("error")) {
    return (
      <SuccessPanel title="Link ungültig oder abgelaufen" icon={CircleAlert} redirectHome={false}>
        <p>
          Dieser Bestätigungslink funktioniert nicht mehr. Ist Ihre Adresse noch nicht bestätigt, erhalten Sie auf
          Wunsch einen neuen Link.
        </p>
        <ResendConfirmation />
        <p>
          <Link to={ROUTES.auth} className="font-medium text-indigo-700 underline">
            Zur Anmeldung
          </Link>
        </p>
      </SuccessPanel>
    );
  }
  // Signed up from the optimizer: the link leads back to it (ADR 0061).
  const destination =
    safeReturnUrl(searchParams.get("returnUrl")) === ROUTES.optimizer
      ? { to: ROUTES.optimizer, label: "Zum X-Post Optimizer" }
      : undefined;
  return (
    <SuccessPanel title="E-Mail-Adresse bestätigt" destination={destination}>
      <p>Ihre E-Mail-Adresse ist bestätigt und Sie sind jetzt angemeldet.</p>
    </SuccessPanel>
  );
}
