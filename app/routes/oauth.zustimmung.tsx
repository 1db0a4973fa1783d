import { useLocation } from "react-router";
import { OAuthConsent } from "#app/features/api-keys/oauth-consent.tsx";
import { requireSession } from "#app/features/auth/require-session.ts";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";

export const meta = () => pageMeta({ title: "App zulassen" });

// ADR 0113: consent for an OAuth app, only for the signed-in user; sign-in comes back here.
export const clientLoader = requireSession;

export default function OAuthConsentPage() {
  const { search } = useLocation();
  return (
    <main className="px-4 py-10">
      <OAuthConsent search={search} />
    </main>
  );
}
