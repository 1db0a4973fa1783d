import { LogOut, Menu, UserRound, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useProfile } from "#app/features/account/use-profile.ts";
import { authClient } from "#app/features/auth/auth-client.ts";
import { useSignOut } from "#app/features/auth/use-sign-out.ts";
import { cn } from "#app/lib/cn.ts";
import { CREDIT_DISPLAY_MAX } from "#shared/credits.ts";
import { ROUTES } from "#shared/routes.ts";
import { Logo } from "./logo.tsx";

const NAV_LINKS = [
  { to: ROUTES.features, label: "Funktionen" },
  { to: ROUTES.optimizer, label: "X-Post Optimizer", bold: true },
  { to: ROUTES.pricing, label: "Preise" },
  { to: ROUTES.faq, label: "FAQ" },
  { to: ROUTES.contact, label: "Kontakt" },
];

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-3 py-2 text-sm text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900",
    isActive && "bg-indigo-50 text-indigo-800",
  );
}

function NavLinks({ isAdmin }: { isAdmin: boolean }) {
  return (
    <>
      {NAV_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className={(state) => cn(navLinkClass(state), link.bold && "font-bold")}>
          {link.label}
        </NavLink>
      ))}
      {isAdmin ? (
        <NavLink to={ROUTES.admin} className={navLinkClass}>
          Admin
        </NavLink>
      ) : null}
    </>
  );
}

function CreditBadge() {
  const { data: profile } = useProfile();
  if (!profile) return null;
  return (
    <Badge title="Verfügbare Credits" aria-label={`Credits: ${profile.credits} von ${CREDIT_DISPLAY_MAX}`}>
      {profile.credits}/{CREDIT_DISPLAY_MAX}
    </Badge>
  );
}

function AccountActions() {
  const { data: session, isPending } = authClient.useSession();
  const signOut = useSignOut({
    success: "Successfully signed out. Please sign in again to ensure you have the latest version.",
    failure: () => "Error signing out. Please try again.",
    redirectTo: ROUTES.auth,
  });

  // Until the session is known nothing is shown, so a signed-in user never sees "Anmelden" flash.
  if (isPending) return <div className="h-9 w-24" aria-hidden />;
  if (!session) {
    return (
      <Button asChild size="sm">
        <Link to={ROUTES.auth}>Anmelden</Link>
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button asChild variant="outline" size="sm">
        <Link to={ROUTES.account}>
          <UserRound aria-hidden />
          Account
        </Link>
      </Button>
      <Button variant="ghost" size="sm" onClick={signOut}>
        <LogOut aria-hidden />
        Abmelden
      </Button>
    </div>
  );
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const { data: profile } = useProfile();
  const isAdmin = profile?.isAdmin ?? false;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the route changes
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Hauptnavigation" className="hidden items-center gap-1 lg:flex">
          <NavLinks isAdmin={isAdmin} />
        </nav>
        <div className="flex items-center gap-2">
          {/* One badge for every width, so the credits are never out of sight. */}
          <CreditBadge />
          <div className="hidden lg:block">
            <AccountActions />
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
            <span className="sr-only">{menuOpen ? "Menü schließen" : "Menü öffnen"}</span>
          </Button>
        </div>
      </div>
      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-slate-200 px-4 pb-4 lg:hidden">
          <nav aria-label="Hauptnavigation mobil" className="flex flex-col gap-1 py-3">
            <NavLinks isAdmin={isAdmin} />
          </nav>
          <AccountActions />
        </div>
      ) : null}
    </header>
  );
}
