import { ArrowLeft, Check } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { authClient } from "#app/features/auth/auth-client.ts";
import type { AuthNavigationState } from "#app/features/auth/auth-navigation.ts";
import { OptimizerMarketing } from "#app/features/optimizer/optimizer-marketing.tsx";
import { OptimizerTool } from "#app/features/optimizer/optimizer-tool.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { LINK_LENGTH, OPTIMIZER_MESSAGES } from "#shared/optimizer.ts";
import { OPTIMIZER_TRIAL_DAYS } from "#shared/pricing.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () =>
  pageMeta({
    title: "X-Post Optimizer",
    description: `Schreib bessere Posts für X: Live-Zähler nach X-Regeln, Bewertung mit sechs Kriterien, Vorschau und KI-Verbesserung. ${OPTIMIZER_TRIAL_DAYS} Tage gratis testen.`,
  });

const SELLING_POINTS = [
  `Zählt wie X: Links ${LINK_LENGTH} Zeichen, Emojis doppelt`,
  "Sechs Kriterien, live bewertet",
  "KI-Korrektur in deinem Ton",
];

// The tool needs a session (spec section 2). Signed-out visitors are sent to /auth with this
// page as return URL; the prerendered HTML still carries the marketing content for crawlers.
function useRequireSession() {
  const { data: session, isPending } = authClient.useSession();
  const navigate = useNavigate();
  const redirected = useRef(false);
  useEffect(() => {
    if (isPending || session || redirected.current) return;
    redirected.current = true;
    toast.error(OPTIMIZER_MESSAGES.signInRequired);
    const state: AuthNavigationState = { returnUrl: ROUTES.optimizer };
    navigate(ROUTES.auth, { replace: true, state });
  }, [isPending, session, navigate]);
  return Boolean(session);
}

export default function OptimizerPage() {
  const signedIn = useRequireSession();
  // The generator passes a post to open here as navigation state `{ text }`.
  const state = useLocation().state as { text?: unknown } | null;
  const initialText = typeof state?.text === "string" ? state.text : "";

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <Link to={ROUTES.home} className="inline-flex items-center gap-1 text-sm text-slate-700 hover:text-slate-900">
        <ArrowLeft className="size-4" aria-hidden />
        Zur Startseite
      </Link>
      <header className="mt-6 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">X-Post Optimizer</h1>
        <p className="mt-3 text-lg text-slate-700">
          Schreib deinen Post, sieh live, was X daraus macht, und verbessere ihn mit einem Klick.
        </p>
        <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-800">
          {SELLING_POINTS.map((point) => (
            <li key={point} className="flex items-center gap-1.5">
              <Check className="size-4 text-emerald-600" aria-hidden />
              {point}
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild>
            <a href="#tool">{OPTIMIZER_TRIAL_DAYS} Tage gratis testen</a>
          </Button>
          <Button asChild variant="outline">
            <a href="#tool">Tool-Demo ansehen</a>
          </Button>
        </div>
      </header>
      <div id="tool" className="mt-10 scroll-mt-24">
        {signedIn ? (
          <OptimizerTool initialText={initialText} />
        ) : (
          <div className="flex justify-center rounded-xl border border-dashed border-slate-300 py-16">
            <Spinner label="Optimizer wird geladen..." />
          </div>
        )}
      </div>
      <div className="mt-20">
        <OptimizerMarketing toolHref={`${ROUTES.optimizer}#tool`} />
      </div>
    </div>
  );
}
