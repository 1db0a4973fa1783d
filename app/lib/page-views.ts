import { useEffect } from "react";
import { useLocation } from "react-router";

export type PageView = { pagePath: string; pageTitle: string; pageLocation: string };
type PageViewListener = (view: PageView) => void;

const listeners = new Set<PageViewListener>();

// The single place page views come from (spec section 2, "Global behaviour"): analytics
// subscribes here once the visitor consents (issue 5).
export function subscribeToPageViews(listener: PageViewListener): () => void {
  listeners.add(listener);
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
    for (const listener of listeners) listener(view);
  }, [pathname, search]);
}
