import { redirect } from "react-router";
import { SESSION_ENDPOINT } from "#app/lib/has-session.ts";
import { signInPath } from "#shared/return-url.ts";
import { authClient, settledSession } from "./auth-client.ts";

let documentsFirstPage = true;

/**
 * The clientLoader of a personal page: signed-out visitors go to /auth, in sign-in mode, and come
 * back to the page they asked for, with its query (ADR 0083).
 */
export async function requireSession({ request }: { request: Request }) {
  if (!(await pageSession())) throw signInRedirect(request);
  return null;
}

/** The session for a personal page's clientLoader; null without one. */
export async function pageSession(): Promise<unknown> {
  return takesPreloadedSession() ? settledSession() : (await authClient.getSession()).data;
}

/**
 * True for the first personal page of a document that preloaded the session (ADR 0073): the
 * client's session store asks with that request already, and a getSession() of our own would ask
 * the server a second time on the way to the page's content. Later pages ask anew, as before.
 */
function takesPreloadedSession(): boolean {
  const first = documentsFirstPage;
  documentsFirstPage = false;
  return first && document.querySelector(`link[rel="preload"][href="${SESSION_ENDPOINT}"]`) !== null;
}

/** The redirect to /auth that comes back to `request`'s page after signing in. */
export function signInRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(signInPath(`${url.pathname}${url.search}`));
}
