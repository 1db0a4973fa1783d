import type { ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";

/**
 * A figures table of the admin area, scrolling sideways on a phone: the first column names the
 * row, the other heads follow the table's alignment. `children` are the body's rows, `foot` a
 * row beneath them (e.g. the sums).
 */
export function AdminTable({
  caption,
  rowHead,
  columns,
  className,
  children,
  foot,
}: {
  /** For screen readers only. */
  caption: string;
  rowHead: string;
  columns: { key: string; label: string }[];
  className?: string;
  children: ReactNode;
  foot?: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className={cn("w-full text-sm", className)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {rowHead}
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="px-3 py-2 font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
        {foot ? <tfoot className="border-t border-slate-200 bg-slate-50 font-medium">{foot}</tfoot> : null}
      </table>
    </div>
  );
}
