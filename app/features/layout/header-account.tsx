import LogOut from "lucide-react/icons/log-out";
import UserRound from "lucide-react/icons/user-round";
import type { ComponentProps } from "react";
import { Link, NavLink } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useProfile } from "#app/features/account/use-profile.ts";
import { authClient } from "#app/features/auth/auth-client.ts";
import { useSignOut } from "#app/features/auth/use-sign-out.ts";
import { NotificationBell as NotificationBellWithQueries } from "#app/features/notifications/notification-bell.tsx";
import { WithQueryClient } from "#app/lib/query-client-provider.tsx";
import { SIGN_IN_TEXTS } from "#shared/account.ts";
import { GENERATOR_PRO_RUNS_PER_PERIOD, proRunsLeft } from "#shared/billing.ts";
import { CREDIT_DISPLAY_MAX, isActiveSubscription } from "#shared/credits.ts";
import { ROUTES } from "#shared/routes.ts";

// The parts of the header that depend on the session. The header loads them after the page
// has hydrated (site-header.tsx), so the auth client is not part of the public pages' first
// load (ADR 0018). The root has no query client (ADR 0031); each part brings the shared one.

export function AccountActions() {
  return (
    <WithQueryClient>
      <AccountActionsWithSession />
    </WithQueryClient>
  );
}

export function CreditBadge() {
  return (
    <WithQueryClient>
      <CreditBadgeWithProfile />
    </WithQueryClient>
  );
}

/** Only with a session: the notification area polls the user's events (ADR 0053). */
export function NotificationBell() {
  const { data: session } = authClient.useSession();
  if (!session) return null;
  return (
    <WithQueryClient>
      <NotificationBellWithQueries />
    </WithQueryClient>
  );
}

export function AdminNavLink(props: AdminNavLinkProps) {
  return (
    <WithQueryClient>
      <AdminNavLinkWithProfile {...props} />
    </WithQueryClient>
  );
}

function AccountActionsWithSession() {
  const { data: session, isPending } = authClient.useSession();
  const signOut = useSignOut({
    success: SIGN_IN_TEXTS.signedOut,
    failure: () => SIGN_IN_TEXTS.signOutFailed,
    redirectTo: ROUTES.auth,
  });

  // Until the session is known nothing is shown, so a signed-in user never sees "Anmelden" flash;
  // the header keeps the room free meanwhile.
  if (isPending) return null;
  if (!session) {
    return (
      <Button asChild size="sm">
        <Link to={ROUTES.auth}>Anmelden</Link>
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {/* Beside the spec's links, Admin, the plans' badges and the bell, the desktop header has room
          for the words only from 2xl on; below that the icons show and the words stay for screen readers. */}
      <Button asChild variant="outline" size="sm">
        <Link to={ROUTES.account} title="Konto">
          <UserRound aria-hidden />
          <span className="xl:max-2xl:sr-only">Konto</span>
        </Link>
      </Button>
      <Button variant="ghost" size="sm" onClick={signOut} title="Abmelden">
        <LogOut aria-hidden />
        <span className="xl:max-2xl:sr-only">Abmelden</span>
      </Button>
    </div>
  );
}

function CreditBadgeWithProfile() {
  const { data: profile } = useProfile();
  if (!profile) return null;
  const pro = profile.plans.generator_pro;
  // A bought plan shows in the header at once, next to the spec's credit badge (ADR 0023).
  const plans = [
    isActiveSubscription(profile.subscriptionStatus) ? "Pro" : null,
    profile.plans.optimizer_premium?.active ? "Premium" : null,
  ].filter((plan) => plan !== null);
  return (
    <span className="flex items-center gap-1">
      {plans.map((plan) => (
        <Badge key={plan} tone="emerald" title={`Ihr Plan: ${plan}`}>
          {plan}
        </Badge>
      ))}
      {pro?.active ? (
        // A subscriber is never charged credits: the badge counts what /konto counts, the runs left (ADR 0061).
        <Badge
          title="Durchläufe in diesem Zeitraum"
          aria-label={`Durchläufe: ${proRunsLeft(pro.runsInPeriod)} von ${GENERATOR_PRO_RUNS_PER_PERIOD} übrig`}
        >
          {proRunsLeft(pro.runsInPeriod)}/{GENERATOR_PRO_RUNS_PER_PERIOD}
        </Badge>
      ) : (
        <Badge title="Verfügbare Credits" aria-label={`Credits: ${profile.credits} von ${CREDIT_DISPLAY_MAX}`}>
          {profile.credits}/{CREDIT_DISPLAY_MAX}
        </Badge>
      )}
    </span>
  );
}

// The signed-in user's own places, in the order of the work: write, keep, plan, see what came of it.
const WORKSPACE_LINKS = [
  { to: ROUTES.generator, label: "Erstellen" },
  { to: ROUTES.archive, label: "Archiv" },
  { to: ROUTES.planner, label: "Redaktionsplan" },
  { to: ROUTES.erfolg, label: "Erfolg" },
] as const;

/**
 * Only with a session: a signed-out visitor on an app page sees the spec's links alone. Its own
 * navigation landmark, "Arbeitsbereich" (ADR 0106): on the desktop a second row under the spec's
 * header row, in the phone's menu a group of its own.
 */
export function WorkspaceNav({
  className,
  listClassName,
  linkClassName,
  heading = false,
}: {
  className: string;
  listClassName: string;
  linkClassName: AdminNavLinkProps["className"];
  /** In the phone's menu the group says what it is; the desktop row speaks for itself. */
  heading?: boolean;
}) {
  const { data: session } = authClient.useSession();
  if (!session) return null;
  return (
    <nav aria-label="Arbeitsbereich" className={className}>
      {heading ? <p className="px-2 pb-1 text-xs font-medium text-slate-600">Ihr Arbeitsbereich</p> : null}
      <div className={listClassName}>
        {WORKSPACE_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} className={linkClassName}>
            {link.label}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}

type AdminNavLinkProps = { className: ComponentProps<typeof NavLink>["className"] };

function AdminNavLinkWithProfile({ className }: AdminNavLinkProps) {
  const { data: profile } = useProfile();
  if (!profile?.isAdmin) return null;
  return (
    <NavLink to={ROUTES.admin} className={className}>
      Admin
    </NavLink>
  );
}
