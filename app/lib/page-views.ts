import { useEffect } from "react";
import { useLocation } from "react-router";

export type PageView = { pagePath: string; pageTitle: string; pageLocation: string };
type PageViewListener = (view: PageView) => void;

const listeners = new Set<PageViewListener>();
let currentView: PageView | undefined;

// The single place page views come from (spec section 2, "Global behaviour": on each route
// change and once at start). Analytics subscribes once the visitor consents (ADR 0010), which
// may be pages later, so a new listener first hears the page that is open now.
export function subscribeToPageViews(listener: PageViewListener): () => void {
  listeners.add(listener);
  if (currentView) listener(currentView);
  return () => listeners.delete(listener);
}

// Reports the first page and every route change.
export function usePageViewReporting() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const view = {
      pagePath: `${pathname}${search}`,
      pageTitle: document.title,
      pageLocation: window.location.href,
    };
    currentView = view;
    for (const listener of listeners) listener(view);
  }, [pathname, search]);
}
