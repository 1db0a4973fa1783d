import { Button } from "#app/components/ui/button.tsx";

/** A panel whose data could not be loaded: the reason and a way to try again. */
export function LoadError({
  message,
  onRetry,
  retryLabel = "Erneut versuchen",
}: {
  message: string;
  onRetry: () => void;
  retryLabel?: string;
}) {
  return (
    <div role="alert" className="grid justify-items-start gap-3">
      <p className="text-red-800">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
