type SpellingIssue = { start: number; end: number; word: string; suggestions: string[] };

// Offline spelling hints (ADR 0007): each unknown word with up to three suggestions that
// replace it in place.
export function SpellingHints({
  text,
  issues,
  onReplace,
}: {
  text: string;
  issues: SpellingIssue[];
  onReplace: (start: number, end: number, replacement: string) => void;
}) {
  if (issues.length === 0) return null;
  return (
    <div className="mt-4 rounded-lg bg-slate-50 p-3" aria-live="polite">
      <p className="text-sm font-medium text-slate-800">Rechtschreibung prüfen</p>
      <ul className="mt-2 grid gap-1.5 text-sm">
        {issues.map((issue) => (
          <li key={`${issue.start}-${issue.word}`} className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-red-700 underline decoration-wavy">{issue.word}</span>
            {issue.suggestions.length > 0 ? (
              <>
                <span className="text-slate-500" aria-hidden>
                  →
                </span>
                {issue.suggestions.map((suggestion) => (
                  <button
                    key={suggestion}
                    type="button"
                    className="rounded-md border border-slate-300 bg-white px-2 py-0.5 hover:border-indigo-400 hover:text-indigo-800"
                    onClick={() => {
                      if (text.slice(issue.start, issue.end) === issue.word)
                        onReplace(issue.start, issue.end, suggestion);
                    }}
                    aria-label={`„${issue.word}“ durch „${suggestion}“ ersetzen`}
                  >
                    {suggestion}
                  </button>
                ))}
              </>
            ) : (
              <span className="text-slate-500">kein Vorschlag</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
