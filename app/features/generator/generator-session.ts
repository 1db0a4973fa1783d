import type { Platform } from "#shared/generator.ts";
import type { SelectedImage } from "./image-field.tsx";

// ADR 0065: the last run's results and the form's values live in the tab's sessionStorage, so a
// trip to the archive and back finds them again. Sign-out clears sessionStorage whole
// (clearBrowserStorage), so nothing of them outlasts the session in this tab.

const FORM_KEY = "postwerk.generator.form";
const RESULTS_KEY = "postwerk.generator.results";
/** A larger image is not kept: the tab's storage holds a few MB, and it would be a second copy. */
export const STORED_IMAGE_MAX_LENGTH = 1024 * 1024;

export type GeneratorResults = {
  posts: string[];
  /** ADR 0065: a thread run's threads, each its posts in order. */
  threads?: string[][];
  platform: Platform;
  demo: boolean;
  complete: boolean;
  /** Once the run is archived: what the composer sends along (ADR 0053). */
  archiveId?: string;
  imageUrl?: string | null;
};

export type StoredForm = { values: Record<string, unknown>; image: SelectedImage | null };

function read<T>(key: string): T | null {
  try {
    const stored = sessionStorage.getItem(key);
    return stored ? (JSON.parse(stored) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or switched off: the page works on, the results just do not survive a trip.
  }
}

const fitsStorage = (dataUrl: string | null | undefined) => !dataUrl || dataUrl.length <= STORED_IMAGE_MAX_LENGTH;

export function loadStoredForm(): StoredForm | null {
  return read<StoredForm>(FORM_KEY);
}

export function storeForm(values: Record<string, unknown>, image: SelectedImage | null) {
  write(FORM_KEY, { values, image: image && fitsStorage(image.dataUrl) ? image : null });
}

/** Only a finished run is kept; one still streaming is in the archive once it is done. */
export function loadStoredResults(): GeneratorResults | null {
  const results = read<GeneratorResults>(RESULTS_KEY);
  return results?.complete ? results : null;
}

/** A new run replaces the last one, also if it fails: the page then shows none either. */
export function forgetResults() {
  try {
    sessionStorage.removeItem(RESULTS_KEY);
  } catch {
    // As in write(): nothing to keep, nothing to lose.
  }
}

export function storeResults(results: GeneratorResults) {
  write(RESULTS_KEY, fitsStorage(results.imageUrl) ? results : { ...results, imageUrl: null });
}
