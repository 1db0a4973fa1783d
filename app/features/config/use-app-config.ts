import { api } from "#app/lib/api.ts";
import { oncePerPage, useLoadedOnce } from "#app/lib/once-per-page.ts";

type AppConfig = Awaited<ReturnType<Awaited<ReturnType<typeof api.config.$get>>["json"]>>;

async function loadAppConfig(): Promise<AppConfig | undefined> {
  try {
    const response = await api.config.$get();
    return response.ok ? await response.json() : undefined;
  } catch {
    // Unknown, as while loading: the buttons stay, and a click gets the server's own answer.
    return undefined;
  }
}

const loadAppConfigOnce = oncePerPage(loadAppConfig);

/** Which optional providers (Google sign-in, payments) this installation has; undefined until known. */
export function useAppConfig() {
  return useLoadedOnce(loadAppConfigOnce);
}
