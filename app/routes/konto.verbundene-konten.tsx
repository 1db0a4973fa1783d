import { BackLink } from "#app/components/back-link.tsx";
import { requireSession } from "#app/features/auth/require-session.ts";
import { ConnectedAccountsCard } from "#app/features/connections/connected-accounts-card.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () => pageMeta({ title: "Verbundene Konten" });

// A page of its own, linked from /konto: the networks' consent pages send the browser back here
// (CONNECTIONS_PATH, ADR 0053).
export const clientLoader = requireSession;

export default function ConnectionsPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <BackLink to={ROUTES.account}>Zum Konto</BackLink>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">Verbundene Konten</h1>
      <div className="mt-8 grid gap-6">
        <ConnectedAccountsCard />
      </div>
    </div>
  );
}
