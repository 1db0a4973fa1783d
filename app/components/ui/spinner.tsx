import { LoaderCircle } from "lucide-react";
import { cn } from "#app/lib/cn.ts";

export function Spinner({ className, label = "Laden..." }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle className={cn("size-6 animate-spin text-indigo-600", className)} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
