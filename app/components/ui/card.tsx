import type { ComponentProps, ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";

export function Card({ className, ...props }: ComponentProps<"section">) {
  return <section className={cn("rounded-xl border border-slate-200 bg-white shadow-sm", className)} {...props} />;
}

/** With `actions`, the title and description keep the left and the actions sit on the right. */
export function CardHeader({
  className,
  actions,
  children,
  ...props
}: ComponentProps<"div"> & { actions?: ReactNode }) {
  if (!actions) {
    return (
      <div className={cn("flex flex-col gap-1.5 p-6 pb-4", className)} {...props}>
        {children}
      </div>
    );
  }
  return (
    <div
      className={cn("flex flex-col gap-4 p-6 pb-4 sm:flex-row sm:items-start sm:justify-between", className)}
      {...props}
    >
      <div className="grid gap-1.5">{children}</div>
      <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
    </div>
  );
}

export function CardTitle({ className, ...props }: ComponentProps<"h2">) {
  return <h2 className={cn("text-lg font-semibold text-slate-900", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-slate-600", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-6 pt-0", className)} {...props} />;
}
