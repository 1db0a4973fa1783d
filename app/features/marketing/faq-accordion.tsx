import type { ReactNode } from "react";
import { AccordionContent, AccordionItem, AccordionTrigger } from "#app/components/ui/accordion.tsx";

export type FaqEntry = { question: string; answer: ReactNode };

// Every item of a page shares one name, so only one answer is open at a time even across
// groups (spec section 2 "FAQ page"). Closed answers are part of the prerendered HTML.
const FAQ_ACCORDION_NAME = "faq";

export function FaqItems({ entries }: { entries: readonly FaqEntry[] }) {
  return entries.map((entry) => (
    <AccordionItem key={entry.question} name={FAQ_ACCORDION_NAME}>
      <AccordionTrigger className="text-base text-slate-900">{entry.question}</AccordionTrigger>
      <AccordionContent className="grid max-w-3xl gap-3 leading-relaxed">{entry.answer}</AccordionContent>
    </AccordionItem>
  ));
}
