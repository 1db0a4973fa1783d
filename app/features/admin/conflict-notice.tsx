import { useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { isApiError } from "#app/lib/api.ts";

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

/** ADR 0024: another admin saved after this one loaded. */
export function isChangedMeanwhile(error: unknown): boolean {
  return isApiError(error, "CHANGED_MEANWHILE");
}

/**
 * ADR 0024: the version a form edits. It moves on only when the admin chooses, after another
 * admin's save was refused, so nobody overwrites a change they have not seen. `loaded` is the
 * newest version the panel holds; `reset` puts that version into the form.
 */
export function useEditedVersion<V>({
  loaded,
  subject,
  reset,
  same = Object.is,
}: {
  loaded: V;
  /** For the notice, e.g. "diese Konfiguration". */
  subject: string;
  reset: () => void;
  same?: (a: V, b: V) => boolean;
}) {
  const [version, setVersion] = useState(loaded);
  const [conflict, setConflict] = useState(false);
  const newerVersionLoaded = conflict && !same(loaded, version);

  function resolve(keepMine: boolean) {
    if (!keepMine) reset();
    setVersion(loaded);
    setConflict(false);
  }

  return {
    version,
    saved: setVersion,
    /** After a failed save; true when another admin saved meanwhile. */
    refused(error: unknown) {
      const changedMeanwhile = isChangedMeanwhile(error);
      if (changedMeanwhile) setConflict(true);
      return changedMeanwhile;
    },
    newerVersionLoaded,
    notice: newerVersionLoaded ? <ConflictNotice subject={subject} onResolve={resolve} /> : null,
  };
}
