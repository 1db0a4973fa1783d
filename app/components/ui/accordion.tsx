import ChevronDown from "lucide-react/icons/chevron-down";
import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn.ts";

// An accordion of native <details> elements (ADR 0019). Items that share a `name` form one
// accordion in which the browser keeps a single item open. It works before hydration and
// without JavaScript, its closed answers are part of the prerendered HTML, and React has
// nothing to hydrate or mount for it: on a throttled phone Radix's accordion cost the public
// pages and the consent dialog a long task each.

export function AccordionItem({ className, name, ...props }: ComponentProps<"details"> & { name: string }) {
  return <details name={name} className={cn("group border-b border-slate-200", className)} {...props} />;
}

export function AccordionTrigger({ className, children, ...props }: ComponentProps<"summary">) {
  return (
    <summary
      className={cn(
        "flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-medium hover:text-indigo-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 [&::-webkit-details-marker]:hidden",
        className,
      )}
      {...props}
    >
      {children}
      <ChevronDown className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180" aria-hidden />
    </summary>
  );
}

export function AccordionContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("pb-4 text-slate-700", className)} {...props} />;
}
