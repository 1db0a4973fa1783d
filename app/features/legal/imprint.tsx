import { Link } from "react-router";
import { ROUTES } from "#shared/routes.ts";
import { COMPANY } from "./legal-config.ts";
import { CompanyAddress, CompanyContactLines, LegalPage, LegalSection } from "./legal-page.tsx";

// The imprint under § 5 DDG and § 18 Abs. 2 MStV, from the configured company (ADR 0009).

const SECTIONS = {
  provider: { id: "anbieter", title: "Angaben gemäß § 5 DDG" },
  contact: { id: "kontakt", title: "Kontakt" },
  register: { id: "register", title: "Registereintrag" },
  vatId: { id: "umsatzsteuer", title: "Umsatzsteuer-ID" },
  responsible: { id: "verantwortlich", title: "Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV" },
  dispute: { id: "streitbeilegung", title: "Verbraucherstreitbeilegung" },
  liability: { id: "haftung", title: "Haftung für Inhalte und Links" },
} as const;

export function Imprint() {
  return (
    <LegalPage title="Impressum">
      <LegalSection section={SECTIONS.provider}>
        <CompanyAddress />
        <p>Vertreten durch: {COMPANY.representative}</p>
      </LegalSection>

      <LegalSection section={SECTIONS.contact}>
        <p>
          <CompanyContactLines />
          <br />
          Kontaktformular: <Link to={ROUTES.contact}>Nachricht schreiben</Link>
        </p>
      </LegalSection>

      {COMPANY.register ? (
        <LegalSection section={SECTIONS.register}>
          <p>{COMPANY.register}</p>
        </LegalSection>
      ) : null}

      {COMPANY.vatId ? (
        <LegalSection section={SECTIONS.vatId}>
          <p>Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: {COMPANY.vatId}</p>
        </LegalSection>
      ) : null}

      <LegalSection section={SECTIONS.responsible}>
        <p>
          {COMPANY.contentResponsible ?? COMPANY.representative}
          <br />
          {COMPANY.street}, {COMPANY.postalCode} {COMPANY.city}
        </p>
      </LegalSection>

      <LegalSection section={SECTIONS.dispute}>
        <p>
          Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
          Verbraucherschlichtungsstelle teilzunehmen.
        </p>
      </LegalSection>

      <LegalSection section={SECTIONS.liability}>
        <p>
          Wir erstellen die Inhalte dieser Website mit Sorgfalt und halten sie aktuell. Für Inhalte, die Nutzer mit
          Postwerk erzeugen und veröffentlichen, sind die jeweiligen Nutzer verantwortlich.
        </p>
        <p>
          Unsere Seiten enthalten Links zu Websites Dritter, auf deren Inhalte wir keinen Einfluss haben. Für diese
          Inhalte ist der jeweilige Anbieter verantwortlich. Bei Bekanntwerden von Rechtsverletzungen entfernen wir
          solche Links umgehend.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
