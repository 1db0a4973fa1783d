import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { Fragment } from "react";
import { Link } from "react-router";
import { LEGAL_CONFIG, LEGAL_TEXTS_REVISED } from "./legal-config.ts";
import type { Inline, LegalBlock, LegalDocument, LegalSectionContent, LegalText } from "./legal-content.ts";

// Running text of the legal pages: readable line length, spacing and lists without a
// typography plugin.
const PROSE =
  "text-slate-700 leading-relaxed [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-2 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1.5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_strong]:text-slate-900 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";

/** The sections a legal document shows, in order: those not left out for a missing company detail. */
export function legalSections(document: LegalDocument): LegalSectionContent[] {
  return Object.values(document.sections).filter((section) => section !== null);
}

/** One legal page (imprint, privacy policy, terms) from its content. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const sections = legalSections(document);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-[1.75rem] leading-tight font-bold tracking-tight hyphens-auto text-slate-900 sm:text-4xl">
        {document.title}
      </h1>
      <p className="mt-3 text-sm text-slate-600">Stand: {LEGAL_TEXTS_REVISED}</p>
      {LEGAL_CONFIG.isExample ? <ExampleDataNotice /> : null}
      {document.intro ? (
        <div className={`mt-6 ${PROSE}`}>
          <p>
            <LegalInlines text={document.intro} />
          </p>
        </div>
      ) : null}
      {document.toc ? (
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
      <div className={PROSE}>
        {sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-titel`}
            className="mt-10 scroll-mt-24 xl:scroll-mt-32"
          >
            <h2 id={`${section.id}-titel`} className="text-xl font-semibold text-slate-900">
              {section.title}
            </h2>
            <LegalBlocks blocks={section.blocks} />
          </section>
        ))}
      </div>
    </article>
  );
}

function LegalBlocks({ blocks }: { blocks: readonly LegalBlock[] }) {
  return blocks.map((block, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: fixed content, compiled in at build time; a block is its place.
    <LegalBlockView key={index} block={block} />
  ));
}

function LegalBlockView({ block }: { block: LegalBlock }) {
  if ("p" in block) {
    return (
      <p>
        <LegalInlines text={block.p} />
      </p>
    );
  }
  if ("box" in block) {
    return (
      <div className="mt-4 rounded-xl border border-slate-200 p-5">
        <h3 className="mt-0!">{block.box}</h3>
        <LegalBlocks blocks={block.blocks} />
      </div>
    );
  }
  const items = "ul" in block ? block.ul : block.ol;
  const List = "ul" in block ? "ul" : "ol";
  return (
    <List>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed content, compiled in at build time; an item is its place.
        <li key={index}>
          <LegalInlines text={item} />
        </li>
      ))}
    </List>
  );
}

function LegalInlines({ text }: { text: LegalText }) {
  if (typeof text === "string") return text;
  return text.map((inline, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: fixed content, compiled in at build time; a run is its place.
    <Fragment key={index}>{renderInline(inline)}</Fragment>
  ));
}

function renderInline(inline: Inline) {
  if (typeof inline === "string") return inline;
  if ("br" in inline) return <br />;
  if ("strong" in inline) return <strong>{inline.strong}</strong>;
  if ("code" in inline) return <code>{inline.code}</code>;
  if ("to" in inline) return <Link to={inline.to}>{inline.link}</Link>;
  // Pages of others open without telling them where the visitor came from.
  const external = /^https?:/.test(inline.href);
  return (
    <a href={inline.href} rel={external ? "noopener noreferrer" : undefined}>
      {inline.link}
    </a>
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
