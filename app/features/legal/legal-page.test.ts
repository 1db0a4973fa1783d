import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { readCompanyConfig } from "#shared/company.ts";

// vite.config.ts compiles the legal configuration in as __LEGAL_CONFIG__; here it is a global
// with the example company and the demo mode, set before the content modules read it.
Object.assign(globalThis, { __LEGAL_CONFIG__: { ...readCompanyConfig({}), aiProvider: null } });
const { LegalPage } = await import("./legal-page.tsx");
const { PRIVACY_POLICY } = await import("./privacy-policy.ts");
const { TERMS_OF_SERVICE } = await import("./terms-of-service.ts");
const { IMPRINT } = await import("./imprint.ts");

type Document = typeof PRIVACY_POLICY;

function render(document: Document): string {
  return renderToStaticMarkup(createElement(MemoryRouter, null, createElement(LegalPage, { document })));
}

const text = (html: string) => html.replace(/<[^>]+>/g, "").replaceAll("&amp;", "&");

/** The section headings as rendered, each with the anchor the table of contents points to. */
function renderedSections(html: string): { id: string; title: string }[] {
  return [
    ...html.matchAll(/<section id="([^"]+)" aria-labelledby="\1-titel"[^>]*><h2 id="\1-titel"[^>]*>(.*?)<\/h2>/g),
  ].map(([, id = "", title = ""]) => ({ id, title: text(title) }));
}

function tocEntries(html: string): { id: string; title: string }[] {
  const nav = html.match(/<nav aria-label="Inhalt".*?<\/nav>/)?.[0] ?? "";
  return [...nav.matchAll(/<a href="#([^"]+)"[^>]*>(.*?)<\/a>/g)].map(([, id = "", title = ""]) => ({
    id,
    title: text(title),
  }));
}

// The headings each page must show, in order: the list is written out so that a section that
// goes missing from the content fails here.
const PRIVACY_HEADINGS = [
  "Verantwortlicher",
  "Hosting und Server-Protokolle",
  "Registrierung und Benutzerkonto",
  "Beitragsgenerator, Archiv und Bilder",
  "X-Post Optimizer",
  "Veröffentlichen bei X, LinkedIn, Bluesky, Facebook, Instagram, Threads und Mastodon",
  "KI-Anbieter",
  "E-Mail-Versand",
  "Cookies, lokaler Speicher und Einwilligung",
  "Anmeldung mit Google",
  "Google Analytics",
  "Abonnements und Zahlungsanbieter",
  "Kontaktformular und Anfragen",
  "Empfänger und Übermittlung in Drittländer",
  "Speicherdauer",
  "Ihre Rechte",
  "Beschwerderecht bei einer Aufsichtsbehörde",
  "Datensicherheit und automatisierte Entscheidungen",
  "Änderungen dieser Datenschutzerklärung",
];
const TERMS_HEADINGS = [
  "§ 1 Geltungsbereich und Anbieter",
  "§ 2 Leistungen",
  "§ 3 Registrierung und Vertragsschluss",
  "§ 4 Pläne und Preise",
  "§ 5 Credits",
  "§ 6 Kostenloser Test",
  "§ 7 Zahlung",
  "§ 8 Laufzeit und Kündigung",
  "§ 9 Widerrufsrecht für Verbraucher",
  "§ 10 Verfügbarkeit und Wartung",
  "§ 11 Pflichten der Nutzer und eigene Inhalte",
  "§ 12 KI-generierte Inhalte",
  "§ 13 Haftung",
  "§ 14 Datenschutz",
  "§ 15 Änderungen dieser AGB",
  "§ 16 Schlussbestimmungen",
];
const IMPRINT_HEADINGS = [
  "Angaben gemäß § 5 DDG",
  "Kontakt",
  "Registereintrag",
  "Umsatzsteuer-ID",
  "Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV",
  "Verbraucherstreitbeilegung",
  "Haftung für Inhalte und Links",
];

describe("the legal pages rendered from their content", () => {
  for (const [name, document, headings] of [
    ["privacy policy", PRIVACY_POLICY, PRIVACY_HEADINGS],
    ["terms of service", TERMS_OF_SERVICE, TERMS_HEADINGS],
  ] as const) {
    it(`the ${name} shows every section heading, each behind an anchor of its table of contents`, () => {
      const html = render(document);
      const sections = renderedSections(html);
      expect(sections.map((section) => section.title)).toEqual(headings);
      expect(tocEntries(html)).toEqual(sections);
      expect(new Set(sections.map((section) => section.id)).size).toBe(sections.length);
      // Anchors land below the sticky header.
      expect(html.match(/<section [^>]*class="[^"]*xl:scroll-mt-32/g)).toHaveLength(headings.length);
    });
  }

  it("the imprint shows every section heading, without a table of contents", () => {
    const html = render(IMPRINT);
    expect(renderedSections(html).map((section) => section.title)).toEqual(IMPRINT_HEADINGS);
    expect(html).not.toContain('aria-label="Inhalt"');
  });

  it("renders links, bold runs and the boxes of the cancellation notice", () => {
    const privacy = render(PRIVACY_POLICY);
    expect(privacy).toContain(
      '<a href="https://x.com/de/privacy" rel="noopener noreferrer">Datenschutzerklärung von X</a>',
    );
    expect(privacy).toContain('<a href="#ki-anbieter">KI-Anbieter</a>');
    expect(privacy).toContain('<a href="/kontakt"');
    expect(privacy).toContain("<strong>_ga_&lt;Kennung&gt;</strong>");
    expect(text(privacy)).toContain("Derzeit ist kein externer KI-Anbieter angebunden.");
    const terms = render(TERMS_OF_SERVICE);
    expect(terms).toContain('<h3 class="mt-0!">Widerrufsbelehrung</h3>');
    expect(terms).toContain('<h3 class="mt-0!">Muster-Widerrufsformular</h3>');
    expect(terms).toContain('<a href="mailto:');
  });
});
