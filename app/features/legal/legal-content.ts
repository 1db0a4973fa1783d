import type { ROUTES } from "#shared/routes.ts";
import { COMPANY } from "./legal-config.ts";

// The legal texts are content, not markup: each page is a list of sections of paragraphs,
// lists and boxes, rendered by one component (legal-page.tsx), so editing a text never means
// editing layout. The company data comes in at build time (ADR 0009). The prerendered HTML stays
// the one source of the Markdown twins that llms.txt links to (ADR 0036).

/** A run of text: plain, bold, code, a link (external, mailto or anchor) or an in-app link, or a line break. */
type AppPath = (typeof ROUTES)[keyof typeof ROUTES];

export type Inline =
  | string
  | { strong: string }
  | { code: string }
  | { link: string; href: string }
  | { link: string; to: AppPath }
  | { br: true };

/** A text is one string or a run of inlines. */
export type LegalText = string | readonly Inline[];

export type LegalBlock =
  | { p: LegalText }
  | { ul: readonly LegalText[] }
  | { ol: readonly LegalText[] }
  /** A framed box with its own heading (the cancellation notice and its form). */
  | { box: string; blocks: readonly LegalBlock[] };

export type LegalSectionContent = { id: string; title: string; blocks: readonly LegalBlock[] };

export type LegalDocument = {
  title: string;
  intro?: LegalText;
  /** With a table of contents at the top. */
  toc: boolean;
  /**
   * Keyed by what each section is about, so a change to one section touches that key only;
   * the keys' order is the page's order. A section that is `null` (a company detail that is not
   * configured) is left out.
   */
  sections: Readonly<Record<string, LegalSectionContent | null>>;
};

export const BR = { br: true } as const;

/** Only the entries whose condition holds: optional sentences and blocks of a section. */
export function when<T>(condition: unknown, ...items: T[]): T[] {
  return condition ? items : [];
}

export const companyEmailLink: Inline = { link: COMPANY.email, href: `mailto:${COMPANY.email}` };

/** The company's postal address, one line each. */
export const companyAddress: LegalBlock = {
  p: [COMPANY.name, BR, COMPANY.street, BR, `${COMPANY.postalCode} ${COMPANY.city}`, BR, COMPANY.country],
};

/** "E-Mail: …" and, when configured, "Telefon: …", as lines inside a paragraph. */
export const companyContactLines: readonly Inline[] = [
  "E-Mail: ",
  companyEmailLink,
  ...when<Inline>(COMPANY.phone, BR, `Telefon: ${COMPANY.phone}`),
];
