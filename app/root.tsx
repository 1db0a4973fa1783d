import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { useAnalytics } from "#app/features/analytics/use-analytics.ts";
import { SIGNED_IN_MARK_SCRIPT, useNeedsSession } from "#app/features/auth/signed-in-hint.ts";
import { ConsentDialogHost } from "#app/features/consent/consent-dialog-host.tsx";
import { STORED_CONSENT_MARK_SCRIPT } from "#app/features/consent/stored-consent.ts";
import { SiteFooter } from "#app/features/layout/site-footer.tsx";
import { SiteHeader } from "#app/features/layout/site-header.tsx";
import { faviconHref, pageMeta, readSiteSettings } from "#app/features/site-settings/site-settings.ts";
import { loadToast, useToasterWanted } from "#app/lib/lazy-toast.ts";
import { usePageViewReporting } from "#app/lib/page-views.ts";
import { SITE_SETTINGS_LOAD_ERROR } from "#shared/site-settings.ts";
import type { Route } from "./+types/root";
import "./app.css";

const SessionEffects = lazy(() =>
  import("#app/features/layout/session-effects.tsx").then((module) => ({ default: module.SessionEffects })),
);
const Toaster = lazy(() => import("#app/components/ui/toaster.tsx").then((module) => ({ default: module.Toaster })));

export const links: Route.LinksFunction = () => [{ rel: "icon", href: faviconHref() }];

export const meta: Route.MetaFunction = () => pageMeta();

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* Before the first paint: hides the consent banner from a visitor with a stored choice (ADR 0030). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours; its hash goes into the CSP (page-documents.ts) */}
        <script dangerouslySetInnerHTML={{ __html: STORED_CONSENT_MARK_SCRIPT }} />
        {/* Before the first paint: hides the prerendered "Anmelden" from a signed-in browser (ADR 0031). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours; its hash goes into the CSP (page-documents.ts) */}
        <script dangerouslySetInnerHTML={{ __html: SIGNED_IN_MARK_SCRIPT }} />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  usePageViewReporting();
  useEffect(() => {
    if (readSiteSettings().loadFailed) void loadToast().then((toast) => toast.error(SITE_SETTINGS_LOAD_ERROR));
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#inhalt"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Zum Inhalt springen
      </a>
      <SiteHeader />
      <main id="inhalt" className="flex-1">
        <Suspense fallback={null}>
          {children}
          <PageHydratedMark />
        </Suspense>
      </main>
      <SiteFooter />
      <ConsentDialogHost />
      <AnalyticsWithConsent />
      <ToasterAndSession />
    </div>
  );
}

// Prerendered pages are painted before React takes over (ADR 0016), and the page's content
// hydrates after the header and footer (its own Suspense boundary); this marks the moment every
// button responds, for the end-to-end tests (tests/e2e/fixtures.ts).
function PageHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

// ADR 0031: the marketing pages load the session and the toaster only when they need them.
// Whether they do is known only after hydration (the hint cookie); reading it in a component of
// its own keeps the re-render that follows this small instead of the whole shell.
function ToasterAndSession() {
  const needsSession = useNeedsSession();
  const toasterWanted = useToasterWanted(Boolean(needsSession));
  return (
    <>
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
      {needsSession ? (
        <Suspense fallback={null}>
          <SessionEffects />
        </Suspense>
      ) : null}
    </>
  );
}

// A component of its own: it reads the consent store, which changes when the consent dialog
// opens, and only it should render again then, not the whole shell (ADR 0018).
function AnalyticsWithConsent() {
  useAnalytics();
  return null;
}

// No query client here: the pages that use queries get it from their layout
// (routes/with-query-client.tsx), the lazy parts of the shell from their own wrapper (ADR 0031).
export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

// What a direct load of an app page (/konto, /erstellen, /archiv, /admin) paints before its code
// and data arrive: the header and the page frame at once, "Laden..." only where the page will be,
// not on a blank page (ADR 0061). Built into __spa-fallback.html like a prerendered page.
export function HydrateFallback() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="inhalt" className="flex flex-1 items-center justify-center py-16 text-slate-600">
        <p role="status">Laden...</p>
      </main>
      <SiteFooter />
    </div>
  );
}
