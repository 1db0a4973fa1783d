import Info from "lucide-react/icons/info";
import { useProfile } from "#app/features/account/use-profile.ts";
import { DEMO_NOTICE } from "./generator-constants.ts";

// ADR 0062: in the demo mode the page says plainly that no AI model is connected and the texts
// come from templates; an admin also reads how to connect one.
export function DemoNotice({ noCredit = false }: { noCredit?: boolean }) {
  const { data: profile } = useProfile();
  return (
    <div
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="demo-notice"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Info className="size-4 shrink-0" aria-hidden />
        {DEMO_NOTICE.title}
      </p>
      <p className="mt-1">
        {DEMO_NOTICE.text}
        {noCredit ? ` ${DEMO_NOTICE.noCredit}` : null}
      </p>
      {profile?.isAdmin ? (
        <div className="mt-3 border-t border-amber-200 pt-3" data-testid="demo-admin-hint">
          <p className="font-semibold">{DEMO_NOTICE.adminTitle}</p>
          <p className="mt-1">{DEMO_NOTICE.adminText}</p>
          <code className="mt-2 block break-all rounded bg-white px-2 py-1 font-mono text-xs text-amber-950">
            {DEMO_NOTICE.ollamaExample}
          </code>
        </div>
      ) : null}
    </div>
  );
}
