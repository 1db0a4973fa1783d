import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { toast } from "sonner";
import { Toaster } from "#app/components/ui/toaster.tsx";
import { useAnalytics } from "#app/features/analytics/use-analytics.ts";
import { ConsentDialogHost } from "#app/features/consent/consent-dialog-host.tsx";
import { SiteFooter } from "#app/features/layout/site-footer.tsx";
import { SiteHeader } from "#app/features/layout/site-header.tsx";
import { faviconHref, pageMeta, readSiteSettings } from "#app/features/site-settings/site-settings.ts";
import { usePageViewReporting } from "#app/lib/page-views.ts";
import { SITE_SETTINGS_LOAD_ERROR } from "#shared/site-settings.ts";
import type { Route } from "./+types/root";
import "./app.css";

const SessionEffects = lazy(() =>
  import("#app/features/layout/session-effects.tsx").then((module) => ({ default: module.SessionEffects })),
);

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
    if (readSiteSettings().loadFailed) toast.error(SITE_SETTINGS_LOAD_ERROR);
    // Prerendered pages are painted before React takes over (ADR 0016); this marks the moment
    // every button responds, for the end-to-end tests (tests/e2e/fixtures.ts).
    document.documentElement.dataset.hydrated = "true";
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
        {children}
      </main>
      <SiteFooter />
      <Toaster />
      <ConsentDialogHost />
      <AnalyticsWithConsent />
      <Suspense fallback={null}>
        <SessionEffects />
      </Suspense>
    </div>
  );
}

// A component of its own: it reads the consent store, which changes when the consent dialog
// opens, and only it should render again then, not the whole shell (issue 5, ADR 0018).
function AnalyticsWithConsent() {
  useAnalytics();
  return null;
}

export default function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Shell>
        <Outlet />
      </Shell>
    </QueryClientProvider>
  );
}

export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center text-slate-600" role="status">
      Laden...
    </div>
  );
}
