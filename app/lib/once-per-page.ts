import { useEffect, useState } from "react";

// Values fetched once per page load and shared by every component that reads them (the app's
// configuration, the cookie list). A plain promise, not a TanStack query: the public pages'
// first load carries no query client (ADR 0031).

/** Starts `load` on the first call and gives every later call the same promise. */
export function oncePerPage<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}

/** The value of a once-per-page promise; undefined until it is there. `load` handles its errors. */
export function useLoadedOnce<T>(load: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let current = true;
    // In a task of its own: building the request is not added to the commit's effects, which
    // on a first visit already make up one of the longest tasks (ADR 0039).
    const start = setTimeout(() => {
      void load().then((loaded) => {
        if (current) setValue(loaded);
      });
    });
    return () => {
      current = false;
      clearTimeout(start);
    };
  }, [load]);
  return value;
}
