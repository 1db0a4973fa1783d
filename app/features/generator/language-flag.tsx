import type { Language } from "#shared/generator.ts";

// Small inline flags, bundled with the page: no emoji font needed, no third-party images.
const FLAGS: Record<Language, React.ReactNode> = {
  german: (
    <>
      <rect width="30" height="20" fill="#000" />
      <rect y="6.67" width="30" height="6.67" fill="#dd0000" />
      <rect y="13.33" width="30" height="6.67" fill="#ffce00" />
    </>
  ),
  english: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0 30 20M30 0 0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0 30 20M30 0 0 20" stroke="#c8102e" strokeWidth="1.6" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#c8102e" strokeWidth="3.4" />
    </>
  ),
  french: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="10" height="20" fill="#002395" />
      <rect x="20" width="10" height="20" fill="#ed2939" />
    </>
  ),
  spanish: (
    <>
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
    </>
  ),
  turkish: (
    <>
      <rect width="30" height="20" fill="#e30a17" />
      <circle cx="11" cy="10" r="5" fill="#fff" />
      <circle cx="12.3" cy="10" r="4" fill="#e30a17" />
      <path d="m17.2 10 4.4-1.4-2.7 3.7V7.7l2.7 3.7z" fill="#fff" />
    </>
  ),
};

export function LanguageFlag({ language }: { language: Language }) {
  return (
    <svg
      viewBox="0 0 30 20"
      className="h-3.5 w-5 shrink-0 overflow-hidden rounded-[2px] ring-1 ring-slate-300"
      aria-hidden
    >
      {FLAGS[language]}
    </svg>
  );
}
