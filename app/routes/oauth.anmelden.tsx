import { redirectDocument } from "react-router";
import { requireSession } from "#app/features/auth/require-session.ts";
import { OAUTH_RESUME_DROPPED_PARAMS } from "#shared/oauth.ts";

// ADR 0113: Better Auth's provider sends a signed-out browser here. After signing in (through
// /auth and back, with the query) the authorization request starts again, now with a session.
export async function clientLoader({ request }: { request: Request }) {
  await requireSession({ request });
  const query = new URL(request.url).searchParams;
  for (const name of OAUTH_RESUME_DROPPED_PARAMS) query.delete(name);
  return redirectDocument(`/api/auth/oauth2/authorize?${query}`);
}

export default function OAuthSignIn() {
  return null;
}
