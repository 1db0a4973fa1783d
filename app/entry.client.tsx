import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { cn } from "#app/lib/cn.ts";

// React Router's default entry with one change (ADR 0019): tailwind-merge builds its lookup
// tables on its first call, 40-75 ms on a throttled phone. Inside hydration that call turned one
// of React's short render slices into a long task; here it runs in a task of its own, and
// hydration starts in the next one.
setTimeout(() => {
  cn("");
  setTimeout(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
});
