import type { ComponentProps } from "react";

type SwitchProps = Omit<ComponentProps<"input">, "type" | "onChange" | "className"> & {
  onCheckedChange: (checked: boolean) => void;
};

// A native checkbox with the switch role (ADR 0030): it toggles before hydration and needs no
// script of its own; Radix's switch was a button driven by JavaScript.
export function Switch({ onCheckedChange, ...props }: SwitchProps) {
  return (
    <input
      type="checkbox"
      role="switch"
      aria-checked={props.checked}
      className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors checked:bg-indigo-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 before:absolute before:left-0.5 before:top-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:before:translate-x-5"
      onChange={(event) => onCheckedChange(event.target.checked)}
      {...props}
    />
  );
}
