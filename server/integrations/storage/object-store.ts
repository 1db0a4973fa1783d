// The seam between the image storage and where its bytes live (ADR 0027).

/**
 * What a driver does: keep bytes under a key. Names, types and URLs are decided once, in
 * `imageStorageOn`, so every driver refuses the same names (ADR 0013 "only names of this pattern").
 */
export type ObjectStore = {
  /** Writes a new object; never called twice with the same key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  open(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number | undefined } | null>;
  delete(key: string): Promise<void>;
};
