import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { COMPANY, LEGAL_CONFIG, LEGAL_TEXTS_REVISED } from "./legal-config.ts";

type LegalSectionEntry = { id: string; title: string };

// Running text of the legal pages: readable line length, spacing and lists without a
// typography plugin.
const PROSE =
  "text-slate-700 leading-relaxed [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-2 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1.5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_strong]:text-slate-900 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";

export function LegalPage({
  title,
  intro,
  sections,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** With entries the page starts with a table of contents. */
  sections?: readonly LegalSectionEntry[];
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-[1.75rem] leading-tight font-bold tracking-tight hyphens-auto text-slate-900 sm:text-4xl">
        {title}
      </h1>
      <p className="mt-3 text-sm text-slate-600">Stand: {LEGAL_TEXTS_REVISED}</p>
      {LEGAL_CONFIG.isExample ? <ExampleDataNotice /> : null}
      {intro ? <div className={`mt-6 ${PROSE}`}>{intro}</div> : null}
      {sections ? (
        <nav aria-label="Inhalt" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
          <p className="font-semibold text-slate-900">Inhalt</p>
          <ol className="mt-3 list-decimal pl-6 text-sm sm:columns-2 sm:gap-10">
            {sections.map((section) => (
              <li key={section.id} className="mb-1.5 break-inside-avoid">
                <a
                  href={`#${section.id}`}
                  className="text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className={PROSE}>{children}</div>
    </article>
  );
}

export function LegalSection({ section, children }: { section: LegalSectionEntry; children: ReactNode }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-titel`} className="mt-10 scroll-mt-24 xl:scroll-mt-32">
      <h2 id={`${section.id}-titel`} className="text-xl font-semibold text-slate-900">
        {section.title}
      </h2>
      {children}
    </section>
  );
}

// ADR 0009: without COMPANY_* the pages show example data, and say so where nobody can miss it.
function ExampleDataNotice() {
  return (
    <div
      role="note"
      className="mt-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
      <p>
        <strong>Beispieldaten:</strong> Der Betreiber hat seine Firmenangaben noch nicht hinterlegt. Name, Anschrift und
        Registerdaten auf dieser Seite sind Platzhalter und werden über die Variablen <code>COMPANY_*</code> der
        Konfiguration ersetzt.
      </p>
    </div>
  );
}

export function CompanyAddress() {
  return (
    <p>
      {COMPANY.name}
      <br />
      {COMPANY.street}
      <br />
      {COMPANY.postalCode} {COMPANY.city}
      <br />
      {COMPANY.country}
    </p>
  );
}

export function CompanyEmailLink() {
  return <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>;
}

/** "E-Mail: …" and, when configured, "Telefon: …", as lines inside a paragraph. */
export function CompanyContactLines() {
  return (
    <>
      E-Mail: <CompanyEmailLink />
      {COMPANY.phone ? (
        <>
          <br />
          Telefon: {COMPANY.phone}
        </>
      ) : null}
    </>
  );
}
