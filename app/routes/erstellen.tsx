import { CenteredSpinner } from "#app/components/load-status.tsx";
import { authClient } from "#app/features/auth/auth-client.ts";
import { GeneratorLanding } from "#app/features/generator/generator-landing.tsx";
import { GeneratorWorkspace } from "#app/features/generator/generator-workspace.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";

export const meta = () =>
  pageMeta({
    title: "Beiträge erstellen",
    description: "Drei Social-Media-Beiträge pro Durchgang mit KI – für Facebook, Instagram, LinkedIn und X.",
  });

// Spec section 2 "/erstellen": a landing panel for visitors, the generator for users.
// A client route (not prerendered): everything here depends on the session.
export default function GeneratorPage() {
  const { data: session, isPending } = authClient.useSession();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      {isPending ? <CenteredSpinner className="py-24" /> : session ? <GeneratorWorkspace /> : <GeneratorLanding />}
    </div>
  );
}
