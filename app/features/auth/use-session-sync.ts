import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { authClient } from "./auth-client.ts";
import { setSigningOut } from "./signing-out.ts";

// Spec section 4 "Session": on any session change all cached data is refreshed.
export function useSessionSync() {
  const queryClient = useQueryClient();
  const { data: session, isPending } = authClient.useSession();
  const userId = session?.user.id ?? null;
  const previousUserId = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (isPending) return;
    if (userId === null) setSigningOut(false);
    if (previousUserId.current !== undefined && previousUserId.current !== userId) {
      void queryClient.invalidateQueries();
    }
    previousUserId.current = userId;
  }, [userId, isPending, queryClient]);
}
