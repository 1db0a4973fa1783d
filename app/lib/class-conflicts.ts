import { twMerge } from "tailwind-merge";

// Only reached in development and in the e2e build (see cn.ts); production bundles leave
// tailwind-merge out. Every e2e test fails on a console error, so a conflict fails the suite.
export function reportClassConflicts(classes: string) {
  const kept = new Set(twMerge(classes).split(/\s+/));
  const overridden = classes.split(/\s+/).filter((name) => name && !kept.has(name));
  if (overridden.length > 0) {
    // biome-ignore lint/suspicious/noConsole: a message for developers and the e2e suite
    console.error(
      `Tailwind-Klassen im Konflikt: "${overridden.join(" ")}" wird überschrieben in "${classes}". Eine Variante der Komponente verwenden statt zu überschreiben.`,
    );
  }
}
