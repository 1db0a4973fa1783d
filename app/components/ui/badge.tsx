import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn.ts";

export function Badge({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full border border-indigo-200 bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-800",
        className,
      )}
      {...props}
    />
  );
}
