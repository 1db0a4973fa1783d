import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { useNeedsSession } from "#app/features/auth/signed-in-hint.ts";
import { cn } from "#app/lib/cn.ts";
import { ROUTES } from "#shared/routes.ts";
import { Logo } from "./logo.tsx";

// The session-dependent parts arrive in their own chunk after hydration (header-account.tsx),
// and on the marketing pages only for a browser with the signed-in hint (ADR 0031).
const headerAccount = () => import("./header-account.tsx");
const AccountActions = lazy(() => headerAccount().then((module) => ({ default: module.AccountActions })));
const CreditBadge = lazy(() => headerAccount().then((module) => ({ default: module.CreditBadge })));
const AdminNavLink = lazy(() => headerAccount().then((module) => ({ default: module.AdminNavLink })));
const NotificationBell = lazy(() => headerAccount().then((module) => ({ default: module.NotificationBell })));
const WorkspaceNav = lazy(() => headerAccount().then((module) => ({ default: module.WorkspaceNav })));

const NAV_LINKS = [
  { to: ROUTES.features, label: "Funktionen" },
  { to: ROUTES.optimizer, label: "X-Post Optimizer", bold: true },
  { to: ROUTES.pricing, label: "Preise" },
  { to: ROUTES.faq, label: "FAQ" },
  { to: ROUTES.contact, label: "Kontakt" },
];

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "whitespace-nowrap rounded-md px-2 py-2 text-sm transition-colors 2xl:px-3",
    isActive ? "bg-indigo-50 text-indigo-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );
}

function NavLinks() {
  return (
    <>
      {NAV_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className={(state) => cn(navLinkClass(state), link.bold && "font-bold")}>
          {link.label}
        </NavLink>
      ))}
      {/* Admin for admins; the product's own places have a row of their own (WorkspaceNav). */}
      <WhenSignedIn>
        <AdminNavLink className={navLinkClass} />
      </WhenSignedIn>
    </>
  );
}

// The parts inside read whether the page needs the session themselves: it is known only after
// hydration, and then just they render again, not the whole header. Nothing of them loads for a
// signed-out visitor.
function WhenSignedIn({ children }: { children: ReactNode }) {
  if (!useNeedsSession()) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

// Keeps the account buttons' room while their code and the session load, so nothing moves.
// Without the hint on a marketing page the visitor is taken as signed out: "Anmelden" at once,
// without the auth client. The prerendered page (hint not known yet) carries "Anmelden" too,
// marked so a signed-in browser hides it before the first paint (SIGNED_IN_MARK_SCRIPT).
function AccountActionsWhenLoaded({
  className,
}: {
  /** Where it shows: it sets the display (`flex`, or `hidden xl:flex` in the header). */
  className: string;
}) {
  const needsSession = useNeedsSession();
  return (
    <div className={cn("min-h-9 min-w-24 items-center", className)}>
      {needsSession !== true ? (
        <Button asChild size="sm" data-signed-out-only={needsSession === undefined ? "" : undefined}>
          <Link to={ROUTES.auth}>Anmelden</Link>
        </Button>
      ) : null}
      {needsSession ? (
        <Suspense fallback={null}>
          <AccountActions />
        </Suspense>
      ) : null}
    </div>
  );
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the route changes
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label="Hauptnavigation" className="hidden items-center gap-1 xl:flex">
          <NavLinks />
        </nav>
        <div className="flex items-center gap-2">
          {/* One badge for every width, so the credits are never out of sight; the bell beside it. */}
          <WhenSignedIn>
            <CreditBadge />
            <NotificationBell />
          </WhenSignedIn>
          <AccountActionsWhenLoaded className="hidden justify-end xl:flex" />
          <Button
            variant="ghost"
            size="sm"
            className="xl:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
            <span className="sr-only">{menuOpen ? "Menü schließen" : "Menü öffnen"}</span>
          </Button>
        </div>
      </div>
      {/* ADR 0106: the workspace's places (Erstellen, Archiv, Redaktionsplan, Erfolg) in a second
          row: beside the spec's five links, Admin, the badges and the bell they crowded the credit
          badge out of the 1280 px row, and the row has room for the next place too. */}
      <WhenSignedIn>
        <WorkspaceNav
          className="hidden border-t border-slate-100 xl:block"
          listClassName="mx-auto flex max-w-6xl items-center gap-1 px-2 py-1"
          linkClassName={navLinkClass}
        />
      </WhenSignedIn>
      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-slate-200 px-4 pb-4 xl:hidden">
          {/* Signed in, the own places come first: on the phone they are what the menu is opened for. */}
          <WhenSignedIn>
            <WorkspaceNav
              className="border-b border-slate-200 py-3"
              listClassName="flex flex-col gap-1"
              linkClassName={navLinkClass}
              heading
            />
          </WhenSignedIn>
          <nav aria-label="Hauptnavigation mobil" className="flex flex-col gap-1 py-3">
            <NavLinks />
          </nav>
          <AccountActionsWhenLoaded className="flex" />
        </div>
      ) : null}
    </header>
  );
}
