import ShieldCheck from "lucide-react/icons/shield-check";
import { type ComponentType, lazy, Suspense } from "react";
import { Link, redirect, useSearchParams } from "react-router";
import { CenteredSpinner } from "#app/components/load-status.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { MessagesPanel } from "#app/features/admin/messages-panel.tsx";
import { forgetAdminData, prefetchMessagesPanel } from "#app/features/admin/use-admin-messages.ts";
import { signInRedirect } from "#app/features/auth/require-session.ts";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { api } from "#app/lib/api.ts";
import { ROUTES } from "#shared/routes.ts";
import { TWO_FACTOR_MESSAGES } from "#shared/two-factor.ts";
import type { Route } from "./+types/admin";

export const meta = () => pageMeta({ title: "Admin-Dashboard" });

// Spec section 2 "/admin": the server decides; anyone it refuses goes to the home page.
// The first panel's data comes with the check whichever panel opens (its document preloads it,
// ADR 0073), so switching to it later shows it at once.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  prefetchMessagesPanel();
  const response = await api.admin.access.$get().catch(() => null);
  // Signed out: sign in, then back here (ADR 0094); signed in without the role: home.
  if (response?.status === 401) throw signInRedirect(request);
  const access = response?.ok ? await response.json() : null;
  if (!access?.admin || access.twoFactorRequired) await forgetAdminData();
  // ADR 0041 (ADMIN_REQUIRE_2FA): an admin without two-factor sign-in is shown the way to /konto.
  if (access?.twoFactorRequired) return { twoFactorRequired: true };
  // A failed check counts as "not admin" (spec section 6).
  if (!access?.admin) throw redirect(ROUTES.home);
  return { twoFactorRequired: false };
}

// Only the first panel comes with the page; the others load when their tab opens, with the
// forms and schemas they bring (ADR 0073).
function lazyPanel<const Id extends string, Module, Name extends keyof Module>(
  id: Id,
  label: string,
  load: () => Promise<Module>,
  name: Name,
) {
  const Panel = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return { id, label, Panel };
}

// Spec section 2: the five panels, plus usage and the audit log (ADR 0024). The open panel
// is in the address (?panel=…), so a reload or a shared link opens the same one.
const PANELS = [
  { id: "nachrichten", label: "Nachrichten", Panel: MessagesPanel },
  lazyPanel("nutzer", "Nutzer & Credits", () => import("#app/features/admin/users-panel.tsx"), "UsersPanel"),
  lazyPanel("prompts", "Prompts", () => import("#app/features/admin/prompts-panel.tsx"), "PromptsPanel"),
  lazyPanel("tokens", "Tokens", () => import("#app/features/admin/tokens-panel.tsx"), "TokensPanel"),
  lazyPanel(
    "seite",
    "Seiteneinstellungen",
    () => import("#app/features/admin/site-settings-panel.tsx"),
    "SiteSettingsPanel",
  ),
  lazyPanel("nutzung", "Nutzung", () => import("#app/features/admin/usage-panel.tsx"), "UsagePanel"),
  lazyPanel("protokoll", "Protokoll", () => import("#app/features/admin/audit-panel.tsx"), "AuditPanel"),
] as const;

type PanelId = (typeof PANELS)[number]["id"];

/** The panel named in the address, else the first. */
function currentPanel(params: URLSearchParams): PanelId {
  const requested = params.get("panel");
  return PANELS.find((panel) => panel.id === requested)?.id ?? PANELS[0].id;
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.twoFactorRequired) return <TwoFactorRequired />;
  return <Dashboard />;
}

function AdminHeading() {
  return (
    <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
      <ShieldCheck className="size-7 text-indigo-600" aria-hidden />
      Admin-Dashboard
    </h1>
  );
}

function TwoFactorRequired() {
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-14">
      <AdminHeading />
      <div className="mt-8 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900" role="alert">
        <p>{TWO_FACTOR_MESSAGES.adminRequired}</p>
        <Button asChild className="mt-4">
          <Link to={ROUTES.account}>Zwei-Faktor-Anmeldung einrichten</Link>
        </Button>
      </div>
    </div>
  );
}

function Dashboard() {
  const [params, setParams] = useSearchParams();
  const current = currentPanel(params);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <AdminHeading />
      <Tabs value={current} onValueChange={(panel) => setParams({ panel }, { replace: true })} className="mt-8">
        <TabsList aria-label="Bereiche">
          {PANELS.map((panel) => (
            <TabsTrigger key={panel.id} value={panel.id}>
              {panel.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {PANELS.map((panel) => (
          <TabsContent key={panel.id} value={panel.id}>
            <Suspense fallback={<CenteredSpinner className="py-16" />}>
              <panel.Panel />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
