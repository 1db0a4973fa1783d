import { Button } from "#app/components/ui/button.tsx";

/**
 * A secret Postwerk stores only as a hash or sealed (an API key, a webhook's signing secret): shown
 * in the answer that created it and never again, with "Kopieren" and "Ausblenden".
 */
export function SecretShownOnce({
  intro,
  secret,
  testId,
  onHide,
}: {
  intro: string;
  secret: string;
  testId: string;
  onHide: () => void;
}) {
  return (
    <div role="status" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-sm font-medium text-amber-900">{intro}</p>
      <code className="break-all rounded bg-white p-2 text-sm" data-testid={testId}>
        {secret}
      </code>
      <div className="flex gap-2">
        <Button type="button" variant="outline" onClick={() => void navigator.clipboard?.writeText(secret)}>
          Kopieren
        </Button>
        <Button type="button" variant="ghost" onClick={onHide}>
          Ausblenden
        </Button>
      </div>
    </div>
  );
}
