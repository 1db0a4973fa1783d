import Circle from "lucide-react/icons/circle";
import LogIn from "lucide-react/icons/log-in";
import type { KeyboardEvent } from "react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { AuthNavigationState } from "#app/features/auth/auth-navigation.ts";
import { POST_LENGTH_MAX } from "#shared/optimizer.ts";
import { ROUTES } from "#shared/routes.ts";
import { CRITERION_TEXTS } from "./criteria-texts.ts";

export const SIGN_IN_STATE: AuthNavigationState = { returnUrl: ROUTES.optimizer };

// Keys that move through the page rather than type: tabbing past the editor is no attempt to use it.
const NON_TYPING_KEYS = new Set(["Tab", "Shift", "Control", "Alt", "Meta", "Escape", "CapsLock"]);

/**
 * Where the tool stands for a visitor who is not signed in (ADR 0032): it looks like the tool,
 * and trying to use it (typing, clicking the editor or the button) calls `onTry`, which brings
 * the spec's toast and the way to /auth. Before hydration the button is a plain link to /auth.
 */
export function OptimizerSignInTeaser({ onTry }: { onTry: () => void }) {
  function tryOnKey(event: KeyboardEvent) {
    if (NON_TYPING_KEYS.has(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    onTry();
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="teaser-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="teaser-heading" className="text-lg font-semibold">
            Dein Post
          </h2>
          <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700 tabular-nums">
            0/{POST_LENGTH_MAX}
          </span>
        </div>
        <textarea
          readOnly
          rows={7}
          aria-label="Post schreiben (nach der Anmeldung)"
          aria-describedby="teaser-hint"
          placeholder="Schreib hier deinen Post für X …"
          onClick={onTry}
          onKeyDown={tryOnKey}
          className="mt-4 block min-h-48 w-full cursor-text resize-none rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-base leading-7 placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        />
        <p id="teaser-hint" className="mt-3 text-sm text-slate-700">
          Der Optimizer ist kostenlos – melde dich an, dann bewertet er deinen Post live.
        </p>
        <Button asChild className="mt-4">
          <Link
            to={ROUTES.auth}
            state={SIGN_IN_STATE}
            onClick={(event) => {
              event.preventDefault();
              onTry();
            }}
          >
            <LogIn aria-hidden />
            Anmelden und loslegen
          </Link>
        </Button>
      </section>
      <section
        aria-labelledby="teaser-criteria-heading"
        className="content-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="teaser-criteria-heading" className="text-lg font-semibold">
          Sechs Kriterien
        </h2>
        <ul className="mt-4 grid gap-3 text-sm text-slate-700">
          {Object.values(CRITERION_TEXTS).map((criterion) => (
            <li key={criterion.label} className="flex items-center gap-2">
              <Circle className="size-4 text-slate-400" aria-hidden />
              {criterion.label}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
