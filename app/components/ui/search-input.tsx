import Search from "lucide-react/icons/search";
import type { ComponentProps } from "react";
import { Input } from "./input.tsx";

/** A search field with a magnifier at its start. */
export function SearchInput(props: Omit<ComponentProps<typeof Input>, "type" | "className">) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
