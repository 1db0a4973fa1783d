import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn.ts";

const badgeVariants = cva("inline-flex items-center gap-1 rounded-full border text-xs font-semibold", {
  variants: {
    size: {
      default: "px-2.5 py-0.5",
      /** In a calendar card, where a line has little room. */
      compact: "px-1.5 py-0",
    },
    tone: {
      indigo: "border-indigo-200 bg-indigo-50 text-indigo-800",
      /** On an indigo-tinted surface, where the indigo badge would disappear. */
      indigoOnTint: "border-indigo-200 bg-white text-indigo-800",
      slate: "border-slate-200 bg-slate-50 text-slate-700",
      outline: "border-slate-300 bg-white text-slate-700",
      emerald: "border-emerald-200 bg-emerald-50 text-emerald-800",
      amber: "border-amber-300 bg-amber-100 text-amber-900",
      red: "border-red-200 bg-red-600 text-white",
    },
  },
  defaultVariants: { tone: "indigo", size: "default" },
});

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>["tone"]>;

export function Badge({
  className,
  tone,
  size,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone, size }), className)} {...props} />;
}
