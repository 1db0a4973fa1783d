import type { LucideIcon } from "lucide-react";
import Check from "lucide-react/icons/check";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "#app/lib/cn.ts";

// Building blocks shared by the public pages, so every page looks and reads the same.

export function PageHero({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow: string;
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-indigo-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">{eyebrow}</p>
        <h1 className="mt-3 max-w-4xl text-[2rem] leading-tight font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {title}
        </h1>
        <div className="mt-6 grid max-w-2xl gap-4 text-lg text-slate-700">{children}</div>
        {actions ? <div className="mt-10 flex flex-wrap gap-3">{actions}</div> : null}
      </div>
    </section>
  );
}

export function PageSection({
  id,
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titel`}
      className={cn("mx-auto max-w-6xl scroll-mt-20 px-4 py-14", className)}
    >
      {eyebrow ? <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-indigo-700">{eyebrow}</p> : null}
      <h2 id={`${id}-titel`} className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 max-w-3xl text-lg text-slate-700">{lead}</p> : null}
      <div className="mt-8">{children}</div>
    </section>
  );
}

export type Feature = { icon: LucideIcon; title: string; text: ReactNode };

// Whole class names, so Tailwind finds them in the source.
const WIDE_SCREEN_COLUMNS = { 3: "lg:grid-cols-3", 4: "lg:grid-cols-4", 5: "lg:grid-cols-5" };

export function FeatureGrid({
  features,
  columns = 3,
  className,
}: {
  features: readonly Feature[];
  columns?: 3 | 4;
  className?: string;
}) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2", WIDE_SCREEN_COLUMNS[columns], className)}>
      {features.map((feature) => (
        <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-6">
          <feature.icon className="size-6 text-indigo-600" aria-hidden />
          <h3 className="mt-4 font-semibold text-slate-900">{feature.title}</h3>
          <div className="mt-2 text-sm leading-relaxed text-slate-700">{feature.text}</div>
        </li>
      ))}
    </ul>
  );
}

export function StepList({
  steps,
  columns = 4,
  className,
}: {
  steps: readonly { title: string; text: string }[];
  columns?: 4 | 5;
  className?: string;
}) {
  return (
    <ol className={cn("grid gap-4 sm:grid-cols-2", WIDE_SCREEN_COLUMNS[columns], className)}>
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-5">
          <span
            className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white"
            aria-hidden
          >
            {index + 1}
          </span>
          <h3 className="mt-3 font-semibold text-slate-900">
            <span className="sr-only">Schritt {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-1 text-sm text-slate-700">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** A list of points, each after a check mark centred on its first line at any text size. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn("grid content-start gap-2", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Check className="mt-[calc((1lh-1rem)/2)] size-4 shrink-0 text-indigo-600" aria-hidden />
          {item}
        </li>
      ))}
    </ul>
  );
}

export function ChipList({ label, items }: { label: string; items: readonly string[] }) {
  return (
    <ul aria-label={label} className="mt-3 flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-indigo-50 px-3 py-1 text-xs font-medium text-indigo-800">
          {item}
        </li>
      ))}
    </ul>
  );
}

export function ClosingCta({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 pb-20 pt-6">
      <div className="rounded-2xl bg-indigo-700 px-6 py-12 text-center text-white sm:px-12">
        <h2 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-indigo-50">{children}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
      </div>
    </section>
  );
}

// Links inside running text are underlined, so they do not rely on colour alone (axe).
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
      {children}
    </Link>
  );
}
