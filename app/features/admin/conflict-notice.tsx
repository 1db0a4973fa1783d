import { Button } from "#app/components/ui/button.tsx";

/** After a refused save (ADR 0024): load the other admin's version, or keep one's own text and save over it knowingly. */
export function ConflictNotice({
  subject,
  onResolve,
}: {
  /** What was saved meanwhile, e.g. "diese Konfiguration". */
  subject: string;
  onResolve: (keepMine: boolean) => void;
}) {
  return (
    <div role="alert" className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <p>
        Jemand anderes hat {subject} gespeichert, während Sie sie bearbeitet haben. Laden Sie den neuen Stand, oder
        behalten Sie Ihre Fassung und speichern Sie sie danach bewusst darüber.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={() => onResolve(false)}>
          Neuen Stand laden
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => onResolve(true)}>
          Meine Fassung behalten
        </Button>
      </div>
    </div>
  );
}
