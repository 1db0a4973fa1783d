import { ArrowLeft } from "lucide-react";
import { Link, redirect } from "react-router";
import { authClient } from "#app/features/auth/auth-client.ts";
import { ConnectedAccountsCard } from "#app/features/publishing/connected-accounts-card.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () => pageMeta({ title: "Verbundene Konten" });

// A page of its own, linked from /konto: the networks' consent pages send the browser back here
// (CONNECTIONS_PATH, ADR 0053). Signed-out visitors go to /auth.
export async function clientLoader() {
  const { data } = await authClient.getSession();
  if (!data) throw redirect(ROUTES.auth);
  return null;
}

export default function ConnectionsPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <Link to={ROUTES.account} className="inline-flex items-center gap-1 text-sm text-slate-700 hover:text-slate-900">
        <ArrowLeft className="size-4" aria-hidden />
        Zum Account
      </Link>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">Verbundene Konten</h1>
      <div className="mt-8 grid gap-6">
        <ConnectedAccountsCard />
      </div>
    </div>
  );
}
