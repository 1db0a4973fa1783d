import ArrowLeft from "lucide-react/icons/arrow-left";
import House from "lucide-react/icons/house";
import { Link, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { ROUTES } from "#shared/routes.ts";

// Served with status 404 (ADR 0036); the tag keeps it out of search indexes all the same.
export const meta = () => [...pageMeta({ title: "Seite nicht gefunden" }), { name: "robots", content: "noindex" }];

export default function NotFound() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-indigo-700">Fehler 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Seite nicht gefunden</h1>
      <p className="mt-4 text-slate-600">
        Die gesuchte Seite gibt es nicht oder nicht mehr. Vielleicht hat sich ein Tippfehler in die Adresse geschlichen.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={() => navigate(-1)}>
          <ArrowLeft aria-hidden />
          Zurück
        </Button>
        <Button asChild>
          <Link to={ROUTES.home}>
            <House aria-hidden />
            Zur Startseite
          </Link>
        </Button>
      </div>
    </div>
  );
}
