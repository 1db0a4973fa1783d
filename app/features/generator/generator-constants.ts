// Spec sections 4 "Loading panel" and 9: the loading panel's rhythm.
export const LOADING_MESSAGE_INTERVAL_MS = 2500;
export const PROGRESS_TICK_MS = 150;
export const PROGRESS_STEP = 1;
/** After this value the bar starts again at 0. */
export const PROGRESS_WRAP_AT = 100;

// Fifteen whimsical German messages, one every LOADING_MESSAGE_INTERVAL_MS while the AI works.
export const LOADING_MESSAGES = [
  "Die KI spitzt ihre digitalen Bleistifte …",
  "Wir sortieren die besten Formulierungen …",
  "Hashtags werden auf Hochglanz poliert …",
  "Die Kreativ-Neuronen laufen warm …",
  "Ein Hauch Witz, eine Prise Charme …",
  "Emojis werden sorgfältig abgewogen …",
  "Wir fragen die Muse nach ihrer Meinung …",
  "Satzzeichen stehen schon stramm …",
  "Die Algorithmen trinken noch schnell einen Kaffee …",
  "Wir zählen Zeichen, damit Sie es nicht müssen …",
  "Gute Ideen werden von sehr guten getrennt …",
  "Die Zielgruppe wird höflich begrüßt …",
  "Noch ein bisschen Feinschliff am Ton …",
  "Die Worte stellen sich in Reih und Glied …",
  "Gleich ist es so weit – Ihre Beiträge sind fast fertig …",
] as const;

export const GENERATOR_STATUS_QUERY_KEY = ["generator-status"] as const;

// Spec section 8 "Copy", generator.
export const GENERATOR_COPY_TOASTS = {
  copiedTitle: "Kopiert!",
  copied: "Beitrag in die Zwischenablage kopiert",
  failedTitle: "Fehler",
  failed: "Text konnte nicht kopiert werden",
} as const;

// ADR 0062: without an AI model the loading panel must not claim that an AI is at work, so the
// demo shows this one line instead of the spec's whimsical ones.
export const DEMO_LOADING_MESSAGE = "Die Beispieltexte werden aus Vorlagen zusammengesetzt – ohne KI …";

// ADR 0062: what the generator and the optimizer's AI panel say without an AI model. Worded
// without "Sie" or "du", so both pages can show the same text; the admin hint names the
// variables of README.md "KI".
export const DEMO_NOTICE = {
  title: "Demo-Modus: kein KI-Modell angebunden",
  text: "In dieser Installation ist kein KI-Modell angebunden. Die Texte sind Beispiele aus Vorlagen, keine KI-Texte.",
  noCredit: "Eine Generierung im Demo-Modus kostet keine Credits.",
  adminTitle: "Für Admins: ein Modell anbinden",
  adminText:
    "Die Umgebungsvariablen AI_PROVIDER (openai, anthropic, google, mistral oder openai-compatible), AI_API_KEY und bei Bedarf AI_MODEL und AI_BASE_URL setzen, dann den Server neu starten. Beispiel mit einem lokalen Ollama:",
  ollamaExample: "AI_PROVIDER=openai-compatible AI_BASE_URL=http://127.0.0.1:11434/v1 AI_MODEL=llama3.1",
} as const;
