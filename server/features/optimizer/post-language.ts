// The languages the offline demo editor (demo-editor.ts, ADR 0007) writes in: how it tells them
// apart, and the calls to action it may add to a post that is too short.

export type PostLanguage = "de" | "en" | "es" | "fr" | "tr";

// Short calls to action per language, tried in this order until the post is long enough.
// Together they pass every criterion on their own, which is the last resort (tested).
export const CALLS_TO_ACTION: Record<PostLanguage, string[]> = {
  de: [
    "Was meinst du dazu?",
    "Teile deine Erfahrungen gerne in den Kommentaren.",
    "Speichere dir diesen Beitrag für später.",
    "Folge mir für weitere praktische Tipps rund um dieses Thema.",
  ],
  en: [
    "What do you think?",
    "Share your experience in the comments.",
    "Save this post for later.",
    "Follow me for more practical tips on this topic.",
    "Thanks for reading and sharing.",
  ],
  es: [
    "¿Qué opinas?",
    "Comparte tu experiencia en los comentarios.",
    "Guarda esta publicación para más tarde.",
    "Sígueme para más consejos prácticos sobre este tema.",
  ],
  fr: [
    "Qu’en penses-tu ?",
    "Partage ton expérience dans les commentaires.",
    "Enregistre cette publication pour plus tard.",
    "Suis-moi pour plus de conseils pratiques sur ce sujet.",
  ],
  tr: [
    "Sen ne düşünüyorsun?",
    "Deneyimlerini yorumlarda paylaş.",
    "Bu gönderiyi daha sonra okumak için kaydet.",
    "Bu konuda daha fazla pratik ipucu için beni takip et.",
  ],
};

const LANGUAGE_MARKERS: Record<PostLanguage, string[]> = {
  de: [
    "und",
    "der",
    "die",
    "das",
    "ist",
    "nicht",
    "ich",
    "du",
    "wir",
    "mit",
    "für",
    "auf",
    "ein",
    "eine",
    "zu",
    "dein",
  ],
  en: ["the", "and", "is", "you", "to", "of", "for", "with", "this", "that", "it", "your", "my", "are", "we"],
  es: ["el", "los", "las", "es", "que", "en", "para", "con", "una", "por", "tu", "mi", "muy"],
  fr: ["le", "les", "et", "est", "que", "pour", "avec", "une", "des", "du", "vous", "je", "nous", "ton"],
  tr: ["ve", "bir", "bu", "için", "ile", "çok", "ne", "gibi", "daha", "sen", "ben", "biz", "mı", "mi"],
};

/** The post's language by its most frequent small words; German when nothing is clear. */
export function detectLanguage(text: string): PostLanguage {
  const words = text.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  let best: PostLanguage = "de";
  let bestScore = 0;
  for (const [language, markers] of Object.entries(LANGUAGE_MARKERS) as Array<[PostLanguage, string[]]>) {
    const score = words.filter((word) => markers.includes(word)).length;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}
