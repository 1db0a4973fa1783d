import { createContext, type ReactNode, useContext, useState } from "react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "#app/components/ui/accordion.tsx";

export type FaqEntry = { question: string; answer: ReactNode };

const OpenItemContext = createContext("");

// One accordion for the whole page, so only one answer is open at a time even across groups
// (spec section 2 "FAQ page"). Answers are rendered even while closed (hidden), so the
// prerendered HTML carries them for search engines and readers without JavaScript.
export function FaqAccordion({ children }: { children: ReactNode }) {
  const [openItem, setOpenItem] = useState("");
  return (
    <Accordion type="single" collapsible value={openItem} onValueChange={setOpenItem}>
      <OpenItemContext value={openItem}>{children}</OpenItemContext>
    </Accordion>
  );
}

export function FaqItems({ idPrefix, entries }: { idPrefix: string; entries: readonly FaqEntry[] }) {
  const openItem = useContext(OpenItemContext);
  return entries.map((entry, index) => {
    const value = `${idPrefix}-${index + 1}`;
    return (
      <AccordionItem key={value} value={value}>
        <AccordionTrigger className="text-base text-slate-900">{entry.question}</AccordionTrigger>
        <AccordionContent forceMount hidden={openItem !== value} className="grid max-w-3xl gap-3 leading-relaxed">
          {entry.answer}
        </AccordionContent>
      </AccordionItem>
    );
  });
}
