// Work that costs memory or a core is admitted before its request body is read (ADR 0050):
// a counter per key (generations per account, exports per server) and a budget of bytes per
// process (uploads held at once). Both are in-process on purpose: what they protect is this
// process's memory and CPU, and a refusal must cost nothing, not even a database round trip.

/** Said with 503 when this server has no room right now; the client may retry shortly. */
export const SERVER_BUSY_MESSAGE = "Server ausgelastet, bitte gleich erneut versuchen";
/** Retry-After for refusals by load: the work that holds a place usually ends within seconds. */
export const ADMISSION_RETRY_AFTER_SECONDS = 5;

/** Gives a place back; calling it again does nothing. */
export type Release = () => void;

function once(release: () => void): Release {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
}

/** At most `max` holders per key at once; `tryAcquire` never waits. */
export function createInFlightLimit(max: number) {
  const counts = new Map<string, number>();
  return {
    max,
    tryAcquire(key: string): Release | null {
      const count = counts.get(key) ?? 0;
      if (count >= max) return null;
      counts.set(key, count + 1);
      return once(() => {
        const left = (counts.get(key) ?? 1) - 1;
        if (left <= 0) counts.delete(key);
        else counts.set(key, left);
      });
    },
    inFlight: (key: string) => counts.get(key) ?? 0,
  };
}

export type InFlightLimit = ReturnType<typeof createInFlightLimit>;

/** At most `maxBytes` reserved at once in this process; `tryReserve` never waits. */
export function createByteBudget(maxBytes: number) {
  let reserved = 0;
  return {
    maxBytes,
    tryReserve(bytes: number): Release | null {
      if (reserved + bytes > maxBytes) return null;
      reserved += bytes;
      return once(() => {
        reserved -= bytes;
      });
    },
    reserved: () => reserved,
  };
}

export type ByteBudget = ReturnType<typeof createByteBudget>;
