import { ShieldCheck } from "lucide-react";
import { redirect } from "react-router";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { api } from "#app/lib/api.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () => pageMeta({ title: "Admin-Dashboard" });

// Spec section 2 "/admin": the server decides; anyone it refuses goes to the home page.
export async function clientLoader() {
  const response = await api.admin.access.$get().catch(() => null);
  const access = response?.ok ? await response.json() : null;
  // A failed check counts as "not admin" (spec section 6).
  if (!access?.admin) throw redirect(ROUTES.home);
  return null;
}

export default function AdminPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
        <ShieldCheck className="size-7 text-indigo-600" aria-hidden />
        Admin-Dashboard
      </h1>
      <p className="mt-4 max-w-2xl text-slate-700">
        Hier verwalten Sie Kontaktanfragen, Nutzer und Credits, Prompt- und Token-Konfigurationen sowie die
        Seiteneinstellungen.
      </p>
    </div>
  );
}
