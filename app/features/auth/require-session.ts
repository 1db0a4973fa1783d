import { redirect } from "react-router";
import { signInPath } from "#shared/return-url.ts";
import { authClient } from "./auth-client.ts";

/**
 * The clientLoader of a personal page: signed-out visitors go to /auth, in sign-in mode, and come
 * back to the page they asked for, with its query (ADR 0083).
 */
export async function requireSession({ request }: { request: Request }) {
  const { data } = await authClient.getSession();
  if (!data) throw signInRedirect(request);
  return null;
}

/** The redirect to /auth that comes back to `request`'s page after signing in. */
export function signInRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(signInPath(`${url.pathname}${url.search}`));
}
