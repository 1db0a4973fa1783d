import { type ClassValue, clsx } from "clsx";
import { reportClassConflicts } from "./class-conflicts.ts";

/**
 * Joins class names. It does not settle Tailwind conflicts (ADR 0037: tailwind-merge was 8 KiB of
 * the public shell plus a long start-up task): a component offers variants for what its callers
 * may change, and a caller's classes only add to its own. Development and the e2e build report a
 * class that would fight another, so a broken override cannot land quietly.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV || import.meta.env.VITE_CHECK_CLASS_CONFLICTS === "true") reportClassConflicts(classes);
  return classes;
}
