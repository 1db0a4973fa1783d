import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn.ts";

// A native <select>: the phone's own picker, keyboard and screen readers for free; styled like Input.
export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50 sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
