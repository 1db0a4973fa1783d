import { ArrowRight, Gauge, Layers, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () => pageMeta();

const HIGHLIGHTS = [
  {
    icon: Sparkles,
    title: "Drei Vorschläge pro Durchlauf",
    text: "Beschreiben Sie Ihr Thema in Stichworten – Postwerk schreibt drei fertige Beiträge in Ihrem Ton.",
  },
  {
    icon: Layers,
    title: "Für jedes Netzwerk passend",
    text: "Facebook, Instagram, LinkedIn und X: Länge, Stil und Hashtags passen sich der Plattform an.",
  },
  {
    icon: Gauge,
    title: "X-Posts messbar besser",
    text: "Der X-Post Optimizer zeigt live, was Ihren Post ausbremst, und verbessert ihn mit einem Klick.",
  },
];

export default function Home() {
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:py-28">
          <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">KI-Texte für Social Media</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Social-Media-Beiträge, die ankommen – in Sekunden statt Stunden
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-700">
            Postwerk schreibt mit KI überzeugende Beiträge für Ihre Kanäle und hilft Ihnen, jeden X-Post auf Reichweite
            zu trimmen. Auf Deutsch, in Ihrem Ton, ohne leere Floskeln.
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={ROUTES.generator}>
                Jetzt Beitrag erstellen
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={ROUTES.optimizer}>X-Post Optimizer testen</Link>
            </Button>
          </div>
        </div>
      </section>
      <section aria-labelledby="vorteile" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="vorteile" className="text-2xl font-bold tracking-tight">
          Warum Content-Teams mit Postwerk arbeiten
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {HIGHLIGHTS.map((item) => (
            <li key={item.title} className="rounded-xl border border-slate-200 p-6">
              <item.icon className="size-6 text-indigo-600" aria-hidden />
              <h3 className="mt-4 font-semibold">{item.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
