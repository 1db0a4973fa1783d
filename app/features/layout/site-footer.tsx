import { Link } from "react-router";
import { openConsentDialog } from "#app/features/consent/consent-store.ts";
import { CANCELLATION_BUTTON_TEXT } from "#shared/cancellation.ts";
import { ROUTES } from "#shared/routes.ts";

const FOOTER_LINKS = [
  { to: ROUTES.features, label: "Funktionen" },
  { to: ROUTES.pricing, label: "Preise" },
  { to: ROUTES.faq, label: "FAQ" },
  { to: ROUTES.optimizer, label: "X-Post Optimizer" },
  { to: ROUTES.privacy, label: "Datenschutz" },
  { to: ROUTES.terms, label: "AGB" },
  { to: ROUTES.imprint, label: "Impressum" },
  // § 312k BGB: the cancellation button on every page.
  { to: ROUTES.cancellation, label: CANCELLATION_BUTTON_TEXT },
];

// Spec section 2: the copyright line says 2025, the year the product started; from 2026 on it
// runs to the current year, so it never looks abandoned (ADR 0070).
const FIRST_YEAR = 2025;
const copyrightLine = (year: number) =>
  year > FIRST_YEAR ? `© ${FIRST_YEAR}–${year} Postwerk` : `© ${FIRST_YEAR} Postwerk`;

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-center md:justify-between">
        <nav aria-label="Fußzeile" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {FOOTER_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="text-slate-700 hover:text-slate-900 hover:underline">
              {link.label}
            </Link>
          ))}
          {/* Spec section 2: the footer button reopens the cookie consent dialog. */}
          <button
            type="button"
            onClick={openConsentDialog}
            className="text-slate-700 hover:text-slate-900 hover:underline"
          >
            Cookie-Einstellungen
          </button>
        </nav>
        <p className="text-sm text-slate-600">{copyrightLine(new Date().getFullYear())}</p>
      </div>
    </footer>
  );
}
