import { Link } from "react-router";
import { toast } from "sonner";
import { ROUTES } from "#shared/routes.ts";

const FOOTER_LINKS = [
  { to: ROUTES.features, label: "Funktionen" },
  { to: ROUTES.pricing, label: "Preise" },
  { to: ROUTES.faq, label: "FAQ" },
  { to: ROUTES.optimizer, label: "X-Post Optimizer" },
  { to: ROUTES.privacy, label: "Datenschutz" },
  { to: ROUTES.terms, label: "AGB" },
  { to: ROUTES.imprint, label: "Impressum" },
];

// Until the consent dialog exists (issue 5) the only cookie is the essential session
// cookie, and the button says exactly that.
function openCookieSettings() {
  toast.info("Postwerk setzt derzeit nur technisch notwendige Cookies für Ihre Anmeldung.");
}

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
          <button
            type="button"
            onClick={openCookieSettings}
            className="text-slate-700 hover:text-slate-900 hover:underline"
          >
            Cookie-Einstellungen
          </button>
        </nav>
        <p className="text-sm text-slate-600">© 2025 Postwerk</p>
      </div>
    </footer>
  );
}
