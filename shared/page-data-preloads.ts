import type { ArchiveQuery } from "./archive.schemas.ts";
import { ARCHIVE_FILTER_ALL } from "./archive.ts";
import { ROUTES } from "./routes.ts";

// ADR 0073: what an app page asks the API for first on a direct load. Its document names these
// requests as <link rel="preload" as="fetch"> for a browser with a session, so they run while
// the page's scripts load instead of after them; the page's own request then takes the
// preloaded answer. A preload is only taken by a request with the same address and credentials
// mode, so each address here is exactly the one the page requests (the end-to-end test
// `app-page-preloads.spec.ts` checks that the page takes each one).

/** `include` for Better Auth's client, `same-origin` (fetch's default) for the typed API client. */
export type PageDataRequest = { href: string; credentials: "include" | "same-origin" };

/** The archive's first page as /archiv opens it: no search, every filter on "all". */
export const FIRST_ARCHIVE_PAGE: ArchiveQuery = {
  search: "",
  platform: ARCHIVE_FILTER_ALL,
  language: ARCHIVE_FILTER_ALL,
  tone: ARCHIVE_FILTER_ALL,
  page: 1,
};

const session: PageDataRequest = { href: "/api/auth/get-session", credentials: "include" };
const api = (path: string): PageDataRequest => ({ href: `/api${path}`, credentials: "same-origin" });
const archiveQuery = new URLSearchParams({ ...FIRST_ARCHIVE_PAGE, page: String(FIRST_ARCHIVE_PAGE.page) });

// The header asks for the session and the profile (its credit badge) on every signed-in page.
const header = [session, api("/profile")];

export const PAGE_DATA_PRELOADS: Readonly<Record<string, readonly PageDataRequest[]>> = {
  [ROUTES.account]: header,
  [ROUTES.generator]: [...header, api("/generator/status")],
  [ROUTES.archive]: [...header, api(`/archive?${archiveQuery}`)],
  // The plan's posts depend on the view and day in the address; the accounts for its filters do not.
  [ROUTES.planner]: [...header, api("/connections")],
  [ROUTES.admin]: [...header, api("/admin/access"), api("/admin/messages"), api("/admin/messages/cancellations")],
};
