import type { LucideIcon } from "lucide-react";
import CircleCheck from "lucide-react/icons/circle-check";
import { type ReactNode, useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ROUTES } from "#shared/routes.ts";
import { SUCCESS_PAGE_REDIRECT_MS } from "#shared/timing.ts";

/** Where a success page leads: home as in the spec, or back to the tool the visitor came from (ADR 0061). */
export type SuccessDestination = { to: string /** The button: "Zur Startseite". */; label: string };

const HOME: SuccessDestination = { to: ROUTES.home, label: "Zur Startseite" };

// Spec section 2: both success pages offer a home button and go home after 5 seconds.
export function SuccessPanel({
  title,
  children,
  icon: Icon = CircleCheck,
  redirectHome = true,
  destination = HOME,
}: {
  title: string;
  children: ReactNode;
  icon?: LucideIcon;
  redirectHome?: boolean;
  destination?: SuccessDestination;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!redirectHome) return;
    const timer = setTimeout(() => navigate(destination.to), SUCCESS_PAGE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, redirectHome, destination.to]);

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <Icon className="size-12 text-emerald-600" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-4 grid gap-3 text-slate-700">{children}</div>
      {redirectHome ? (
        <p className="mt-6 text-sm text-slate-500">
          Sie werden in 5 Sekunden {lowerFirst(destination.label)} weitergeleitet.
        </p>
      ) : null}
      <Button asChild className="mt-6">
        <Link to={destination.to}>{destination.label}</Link>
      </Button>
    </div>
  );
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
