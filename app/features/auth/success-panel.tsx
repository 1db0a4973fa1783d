import { CircleCheck, type LucideIcon } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ROUTES } from "#shared/routes.ts";
import { SUCCESS_PAGE_REDIRECT_MS } from "#shared/timing.ts";

// Spec section 2: both success pages offer a home button and go home after 5 seconds.
export function SuccessPanel({
  title,
  children,
  icon: Icon = CircleCheck,
  redirectHome = true,
}: {
  title: string;
  children: ReactNode;
  icon?: LucideIcon;
  redirectHome?: boolean;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!redirectHome) return;
    const timer = setTimeout(() => navigate(ROUTES.home), SUCCESS_PAGE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, redirectHome]);

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <Icon className="size-12 text-emerald-600" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-4 grid gap-3 text-slate-700">{children}</div>
      {redirectHome ? (
        <p className="mt-6 text-sm text-slate-500">Sie werden in 5 Sekunden zur Startseite weitergeleitet.</p>
      ) : null}
      <Button asChild className="mt-6">
        <Link to={ROUTES.home}>Zur Startseite</Link>
      </Button>
    </div>
  );
}
