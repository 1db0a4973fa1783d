import ArrowLeft from "lucide-react/icons/arrow-left";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The small "Zum …" link above a page's heading, back to where the page belongs. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 text-sm text-slate-700 hover:text-slate-900">
      <ArrowLeft className="size-4" aria-hidden />
      {children}
    </Link>
  );
}
