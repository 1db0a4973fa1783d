import Check from "lucide-react/icons/check";
import { lazy, Suspense, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { BackLink } from "#app/components/back-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { OptimizerMarketing } from "#app/features/optimizer/optimizer-marketing.tsx";
import { OptimizerSignInTeaser, SIGN_IN_STATE } from "#app/features/optimizer/optimizer-sign-in-teaser.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { useHasSession } from "#app/lib/has-session.ts";
import { loadToast } from "#app/lib/lazy-toast.ts";
import { findModelContext } from "#app/lib/webmcp.ts";
import { LINK_LENGTH, OPTIMIZER_MESSAGES, TRIAL_OFFER_DEFAULT } from "#shared/optimizer.ts";
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

// The tool and everything it needs (the counting rules, TanStack Query, the API client) load only
// once the visitor is known to be signed in (ADR 0032).
const OptimizerTool = lazy(() =>
  import("#app/features/optimizer/optimizer-tool.tsx").then((module) => ({ default: module.OptimizerTool })),
);
const TrialOfferLabel = lazy(() =>
  import("#app/features/optimizer/trial-offer-label.tsx").then((module) => ({ default: module.TrialOfferLabel })),
);

/**
 * ADR 0101: signed out the trial offer; signed in what applies (a running trial is not offered
 * again), read from the access the tool loads anyway.
 */
function TrialOffer({ signedIn }: { signedIn: boolean | null }) {
  if (!signedIn) return TRIAL_OFFER_DEFAULT;
  return (
    <Suspense fallback="Zum Optimizer">
      <TrialOfferLabel />
    </Suspense>
  );
}

// The tool needs a session (spec section 2). A visitor who is not signed in keeps the landing
// and meets the spec's toast and the way to /auth when trying to use the tool (ADR 0032).
function useToolAccess() {
  const { signedIn, whenKnown } = useHasSession();
  const navigate = useNavigate();
  async function tryTool() {
    if (await whenKnown()) return;
    const toast = await loadToast();
    toast.error(OPTIMIZER_MESSAGES.signInRequired);
    navigate(ROUTES.auth, { state: SIGN_IN_STATE });
  }
  return { signedIn, tryTool };
}

// Agents in the visitor's browser may score posts (WebMCP, ADR 0033); the tool's code loads
// only where the browser offers a model context.
function useScorePostWebMcpTool() {
  useEffect(() => {
    const modelContext = findModelContext();
    if (!modelContext) return;
    const controller = new AbortController();
    void import("#app/features/optimizer/score-post-tool.ts").then((module) =>
      module.registerScorePostTool(modelContext, controller.signal),
    );
    return () => controller.abort();
  }, []);
}

function readThreadState(thread: unknown): string[] | null {
  if (!Array.isArray(thread) || thread.length === 0) return null;
  return thread.every((post) => typeof post === "string") ? thread : null;
}

export default function OptimizerPage() {
  const { signedIn, tryTool } = useToolAccess();
  useScorePostWebMcpTool();
  // The generator and the archive open a post here as navigation state `{ text }`, a thread as
  // `{ thread: string[] }` (ADR 0064). The state stays with the tab's history entry, so a reload
  // opens the same post or thread again.
  const state = useLocation().state as { text?: unknown; thread?: unknown } | null;
  const initialText = typeof state?.text === "string" ? state.text : "";
  const initialThread = readThreadState(state?.thread);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <BackLink to={ROUTES.home}>Zur Startseite</BackLink>
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
            <a href="#tool">
              <TrialOffer signedIn={signedIn} />
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href="#tool">Tool-Demo ansehen</a>
          </Button>
        </div>
      </header>
      <div id="tool" className="mt-10 scroll-mt-24 xl:scroll-mt-32">
        {signedIn ? (
          <Suspense
            fallback={
              <div className="flex min-h-96 items-center justify-center rounded-xl border border-dashed border-slate-300">
                <Spinner label="Optimizer wird geladen..." />
              </div>
            }
          >
            <OptimizerTool initialText={initialText} initialThread={initialThread} />
          </Suspense>
        ) : (
          <OptimizerSignInTeaser onTry={tryTool} />
        )}
      </div>
      <div className="mt-20">
        {/* The longest static part of any public page hydrates in a step of its own (ADR 0039). */}
        <Suspense fallback={null}>
          <OptimizerMarketing toolHref={`${ROUTES.optimizer}#tool`} offer={<TrialOffer signedIn={signedIn} />} />
        </Suspense>
      </div>
    </div>
  );
}
