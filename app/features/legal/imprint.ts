import { ROUTES } from "#shared/routes.ts";
import { COMPANY } from "./legal-config.ts";
import { BR, companyAddress, companyContactLines, type LegalDocument } from "./legal-content.ts";

// The imprint under § 5 DDG and § 18 Abs. 2 MStV, from the configured company (ADR 0009).

export const IMPRINT: LegalDocument = {
  title: "Impressum",
  toc: false,
  sections: {
    provider: {
      id: "anbieter",
      title: "Angaben gemäß § 5 DDG",
      blocks: [companyAddress, { p: `Vertreten durch: ${COMPANY.representative}` }],
    },
    contact: {
      id: "kontakt",
      title: "Kontakt",
      blocks: [
        {
          p: [...companyContactLines, BR, "Kontaktformular: ", { link: "Nachricht schreiben", to: ROUTES.contact }],
        },
      ],
    },
    register: COMPANY.register ? { id: "register", title: "Registereintrag", blocks: [{ p: COMPANY.register }] } : null,
    vatId: COMPANY.vatId
      ? {
          id: "umsatzsteuer",
          title: "Umsatzsteuer-ID",
          blocks: [{ p: `Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: ${COMPANY.vatId}` }],
        }
      : null,
    responsible: {
      id: "verantwortlich",
      title: "Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV",
      blocks: [
        {
          p: [
            COMPANY.contentResponsible ?? COMPANY.representative,
            BR,
            `${COMPANY.street}, ${COMPANY.postalCode} ${COMPANY.city}`,
          ],
        },
      ],
    },
    dispute: {
      id: "streitbeilegung",
      title: "Verbraucherstreitbeilegung",
      blocks: [
        {
          p: "Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.",
        },
      ],
    },
    liability: {
      id: "haftung",
      title: "Haftung für Inhalte und Links",
      blocks: [
        {
          p: "Wir erstellen die Inhalte dieser Website mit Sorgfalt und halten sie aktuell. Für Inhalte, die Nutzer mit Postwerk erzeugen und veröffentlichen, sind die jeweiligen Nutzer verantwortlich.",
        },
        {
          p: "Unsere Seiten enthalten Links zu Websites Dritter, auf deren Inhalte wir keinen Einfluss haben. Für diese Inhalte ist der jeweilige Anbieter verantwortlich. Bei Bekanntwerden von Rechtsverletzungen entfernen wir solche Links umgehend.",
        },
      ],
    },
  },
};
