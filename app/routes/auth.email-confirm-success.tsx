import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import { Link, useSearchParams } from "react-router";
import { ResendConfirmation } from "#app/features/auth/resend-confirmation.tsx";
import { type SuccessDestination, SuccessPanel } from "#app/features/auth/success-panel.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { isServerPath, safeReturnUrl } from "#shared/return-url.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () => pageMeta({ title: "E-Mail-Adresse bestätigt" });

const TOOL_LABELS: Record<string, string> = {
  [ROUTES.optimizer]: "Zum X-Post Optimizer",
  [ROUTES.generator]: "Zum Beitragsgenerator",
  [ROUTES.planner]: "Zum Redaktionsplan",
  [ROUTES.archive]: "Zum Archiv",
  [ROUTES.account]: "Zu meinem Konto",
  [ROUTES.connections]: "Zu den verbundenen Konten",
};

function destinationOf(returnUrl: string | undefined): SuccessDestination | undefined {
  if (!returnUrl || isServerPath(returnUrl)) return undefined;
  const path = new URL(returnUrl, "https://postwerk.invalid").pathname;
  return { to: returnUrl, label: TOOL_LABELS[path] ?? "Weiter" };
}

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
  // Signed up on the way to a tool: the page leads on to it, not home (ADR 0061, 0094).
  const destination = destinationOf(safeReturnUrl(searchParams.get("returnUrl")));
  return (
    <SuccessPanel title="E-Mail-Adresse bestätigt" destination={destination}>
      <p>Ihre E-Mail-Adresse ist bestätigt und Sie sind jetzt angemeldet.</p>
    </SuccessPanel>
  );
}
