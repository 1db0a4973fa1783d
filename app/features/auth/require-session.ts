import { redirect } from "react-router";
import { ROUTES } from "#shared/routes.ts";
import { authClient } from "./auth-client.ts";

/** The clientLoader of a personal page: signed-out visitors go to /auth. */
export async function requireSession() {
  const { data } = await authClient.getSession();
  if (!data) throw redirect(ROUTES.auth);
  return null;
}
