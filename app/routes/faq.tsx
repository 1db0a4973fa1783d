import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FaqItems } from "#app/features/marketing/faq-accordion.tsx";
import { FAQ_GROUPS } from "#app/features/marketing/faq-content.tsx";
import { ClosingCta, PageHero } from "#app/features/marketing/page-sections.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () =>
  pageMeta({
    title: "FAQ",
    description:
      "Antworten zu Postwerk: Credits und Pro-Abo, kostenloser Test, Tonalitäten und Sprachen, Archiv, Support und Datenschutz.",
  });

export default function FaqPage() {
  return (
    <>
      <PageHero eyebrow="FAQ" title="Häufig gestellte Fragen">
        <p>
          Alles Wichtige zu Beitragsgenerator, X-Post Optimizer, Credits, Abo und Datenschutz – kurz und ehrlich
          beantwortet.
        </p>
      </PageHero>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="Themen" className="lg:sticky lg:top-24 lg:self-start xl:top-32">
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {FAQ_GROUPS.map((group) => (
              <li key={group.id}>
                <a
                  href={`#${group.id}`}
                  className="block rounded-full border border-slate-300 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50 hover:text-slate-900 lg:rounded-lg lg:border-transparent"
                >
                  {group.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-12">
          {FAQ_GROUPS.map((group) => (
            <section
              key={group.id}
              id={group.id}
              aria-labelledby={`${group.id}-titel`}
              className="scroll-mt-24 xl:scroll-mt-32"
            >
              <h2 id={`${group.id}-titel`} className="text-2xl font-bold tracking-tight text-slate-900">
                {group.title}
              </h2>
              <div className="mt-2">
                <FaqItems entries={group.entries} />
              </div>
            </section>
          ))}
        </div>
      </div>

      <ClosingCta
        title="Ihre Frage war nicht dabei?"
        actions={
          <Button asChild size="lg" variant="inverse">
            <Link to={ROUTES.contact}>Kontakt aufnehmen</Link>
          </Button>
        }
      >
        Schreiben Sie uns – wir antworten persönlich und in der Regel innerhalb von zwei Werktagen.
      </ClosingCta>
    </>
  );
}
