import type { ReactNode } from "react";
import { Badge } from "#app/components/ui/badge.tsx";
import { cn } from "#app/lib/cn.ts";
import { CheckList } from "./page-sections.tsx";

export type Plan = {
  name: string;
  price: string;
  /** "/ Monat" after the price; empty for a free plan. */
  period?: string;
  note: string;
  features: readonly string[];
  badge?: string;
  featured?: boolean;
};

// One plan of the pricing page; the plan we suggest has a stronger border.
export function PlanCard({ plan, action }: { plan: Plan; action: ReactNode }) {
  const id = `plan-${plan.name.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <article
      aria-labelledby={id}
      className={cn(
        "flex flex-col rounded-2xl bg-white p-6 sm:p-8",
        plan.featured ? "border-2 border-indigo-600 shadow-lg shadow-indigo-100" : "border border-slate-200",
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={id} className="text-xl font-semibold text-slate-900">
          {plan.name}
        </h3>
        {plan.badge ? <Badge>{plan.badge}</Badge> : null}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{plan.price}</span>
        {plan.period ? <span className="text-base text-slate-600">{plan.period}</span> : null}
      </p>
      <p className="mt-1 text-sm text-slate-600">{plan.note}</p>
      <CheckList items={plan.features} className="mt-6 flex-1 text-sm text-slate-800" />
      <div className="mt-8">{action}</div>
    </article>
  );
}
