import { Button } from "#app/components/ui/button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { cn } from "#app/lib/cn.ts";

// What a page or card shows in place of its data while the data loads, or when loading failed.
// The caller's className gives the room it takes (padding, margin, text size).

export function CenteredSpinner({ className, label }: { className?: string; label?: string }) {
  return (
    <div className={cn("flex justify-center", className)}>
      <Spinner label={label} />
    </div>
  );
}

export function LoadFailedAlert({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={cn("rounded-lg border border-red-200 bg-red-50 p-4 text-red-900", className)}>
      <p>{message}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Erneut versuchen
      </Button>
    </div>
  );
}
