import { useLocation } from "react-router";
import { readAuthNavigationState } from "#app/features/auth/auth-navigation.ts";
import { TwoFactorSignIn } from "#app/features/auth/two-factor-sign-in.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";

export const meta = () => pageMeta({ title: "Bestätigungscode eingeben" });

// ADR 0041: the code step after the password, when two-factor sign-in is on. The return URL
// arrives as navigation state from /auth, as there.
export default function TwoFactorSignInPage() {
  const location = useLocation();
  const { returnUrl } = readAuthNavigationState(location.state, location.search);
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <TwoFactorSignIn returnUrl={returnUrl} />
    </div>
  );
}
