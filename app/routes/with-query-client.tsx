import { Outlet } from "react-router";
import { WithQueryClient } from "#app/lib/query-client-provider.tsx";

// A layout without a path around every page that uses queries (app/routes.ts); the marketing
// pages stay outside it and load no TanStack Query (ADR 0031).
export default function WithQueryClientLayout() {
  return (
    <WithQueryClient>
      <Outlet />
    </WithQueryClient>
  );
}
