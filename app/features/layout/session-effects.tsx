import { useSignOutWithoutProfile } from "#app/features/account/use-profile.ts";
import { useSessionSync } from "#app/features/auth/use-session-sync.ts";
import { WithQueryClient } from "#app/lib/query-client-provider.tsx";

// The shell's reactions to the session (spec sections 4 and 7). The root loads this after the
// page has hydrated, so the auth client is not part of the public pages' first load (ADR 0018).
export function SessionEffects() {
  return (
    <WithQueryClient>
      <SessionEffectsWithQueryClient />
    </WithQueryClient>
  );
}

function SessionEffectsWithQueryClient() {
  useSessionSync();
  useSignOutWithoutProfile();
  return null;
}
