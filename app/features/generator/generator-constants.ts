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
