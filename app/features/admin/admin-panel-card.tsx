import type { UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { LoadError } from "./load-error.tsx";

/**
 * The frame of an admin panel: a card with its title and description, and beneath them the
 * panel's data once loaded. While it loads a spinner shows, when loading fails the reason and a
 * way to try again; a list that came back empty shows `empty`.
 */
export function AdminPanelCard<T>({
  icon: Icon,
  title,
  description,
  actions,
  query,
  loadFailed,
  retryLabel,
  empty,
  contentClassName,
  children,
}: {
  icon?: LucideIcon;
  title: string;
  description: ReactNode;
  /** Buttons beside the title, e.g. "Neue Konfiguration". */
  actions?: ReactNode;
  query: UseQueryResult<T>;
  loadFailed: string;
  retryLabel?: string;
  empty?: string;
  contentClassName?: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader actions={actions}>
        <CardTitle className={Icon ? "flex items-center gap-2" : undefined}>
          {Icon ? <Icon className="size-5 text-indigo-600" aria-hidden /> : null}
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <LoadError message={loadFailed} onRetry={() => query.refetch()} retryLabel={retryLabel} />
        ) : empty && Array.isArray(query.data) && query.data.length === 0 ? (
          <p className="text-slate-600">{empty}</p>
        ) : (
          children(query.data)
        )}
      </CardContent>
    </Card>
  );
}
