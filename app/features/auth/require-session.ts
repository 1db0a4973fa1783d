import { redirect } from "react-router";
import { SESSION_ENDPOINT } from "#app/lib/has-session.ts";
import { signInPath } from "#shared/return-url.ts";
import { authClient, settledSession } from "./auth-client.ts";

let sessionAskedBefore = false;

/**
 * The clientLoader of a personal page: signed-out visitors go to /auth, in sign-in mode, and come
 * back to the page they asked for, with its query (ADR 0083).
 */
export async function requireSession({ request }: { request: Request }) {
  if (!(await pageSession(request))) throw signInRedirect(request);
  return null;
}

/** The session for a personal page's clientLoader; null without one. */
export async function pageSession(request: Request): Promise<unknown> {
  return takesPreloadedSession(request) ? settledSession() : (await authClient.getSession()).data;
}

/**
 * True when the document was loaded for this very page, preloading the session (ADR 0073), and no
 * page asked before: the client's session store asks with that request already, and a
 * getSession() of our own would ask the server a second time on the way to the page's content.
 * A later page, or this one loaded again, asks anew.
 */
function takesPreloadedSession(request: Request): boolean {
  const first = !sessionAskedBefore;
  sessionAskedBefore = true;
  if (!first || !document.querySelector(`link[rel="preload"][href="${SESSION_ENDPOINT}"]`)) return false;
  const [documentLoad] = performance.getEntriesByType("navigation");
  if (!documentLoad) return false;
  const asked = new URL(request.url);
  const loaded = new URL(documentLoad.name);
  return asked.pathname === loaded.pathname && asked.search === loaded.search;
}

/** The redirect to /auth that comes back to `request`'s page after signing in. */
export function signInRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(signInPath(`${url.pathname}${url.search}`));
}
