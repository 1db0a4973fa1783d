import { Link } from "react-router";

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md font-bold text-slate-900"
      aria-label="Postwerk – zur Startseite"
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path
          d="M9 23V9h7.5a4.5 4.5 0 0 1 0 9H13v5z"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <circle cx="23.5" cy="22.5" r="2.5" fill="#a5b4fc" />
      </svg>
      <span className="text-lg tracking-tight">Postwerk</span>
    </Link>
  );
}
