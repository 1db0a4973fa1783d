import Clock from "lucide-react/icons/clock";
import Layers from "lucide-react/icons/layers";
import Sparkles from "lucide-react/icons/sparkles";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { AuthNavigationState } from "#app/features/auth/auth-navigation.ts";
import { POSTS_PER_GENERATION } from "#shared/generator.ts";
import { ROUTES } from "#shared/routes.ts";

const FEATURES = [
  {
    icon: Sparkles,
    title: "KI-Generierung",
    text: `Beschreiben Sie Ihr Thema in ein paar Stichwörtern – die KI schreibt ${POSTS_PER_GENERATION} passende Beiträge.`,
  },
  {
    icon: Layers,
    title: "Mehrere Plattformen",
    text: "Facebook, Instagram, LinkedIn oder X: Länge, Stil und Hashtags passen zum Netzwerk.",
  },
  {
    icon: Clock,
    title: "Zeitersparnis bis zu 90 %",
    text: "Statt vor dem leeren Feld zu sitzen, wählen Sie den besten Vorschlag und teilen ihn sofort.",
  },
];

// /auth opens in sign-up mode for the first and sends both back here afterwards: after sign-in by
// its default, after sign-up through the confirmation link, which carries the return URL (ADR 0094).
const SIGN_UP_STATE: AuthNavigationState = { signUp: true, fromCreator: true, returnUrl: ROUTES.generator };

// Spec section 2 "/erstellen": what a signed-out visitor sees.
export function GeneratorLanding() {
  return (
    <div>
      <section className="rounded-2xl border border-indigo-100 bg-gradient-to-br from-indigo-50 via-white to-white px-6 py-10 text-center shadow-sm sm:px-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Social-Media-Beiträge in Sekunden erstellen
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
          Geben Sie ein paar Stichwörter ein, wählen Sie Netzwerk, Sprache und Tonalität – und erhalten Sie drei fertige
          Vorschläge zum Kopieren und Teilen.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={ROUTES.auth} state={SIGN_UP_STATE}>
              Kostenlos registrieren
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={ROUTES.auth}>Anmelden</Link>
          </Button>
        </div>
      </section>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-indigo-100 text-indigo-700">
              <Icon className="size-5" aria-hidden />
            </span>
            <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
            <p className="mt-2 text-sm text-slate-700">{text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
