import type { Language, Tone } from "#shared/generator.ts";

// The demo composer's words (ADR 0012, ADR 0062): leads, closers and hashtags for each
// language and tone. Kept apart from the composer's rules so either can be read without
// scrolling past the other.

type Three = [string, string, string];

export type Phrases = {
  /**
   * Three leads per tone, each complete on its own and ending in a colon: what follows stands
   * as its own unit (ADR 0062), so no user text is ever spliced into a template sentence.
   */
  leads: Record<Tone, Three>;
  /** Three closing lines per tone (a question or a call to action). */
  closers: Record<Tone, Three>;
  /**
   * What follows the lead where the user's words cannot: the demo cannot translate, so a post
   * in another language than the key points' German says what a model would write there.
   * null in German, where the user's own words follow.
   */
  templateNote: string | null;
  /** Hashtags when the key points give too few nouns. */
  fallbackTags: string[];
};

export const PHRASES: Record<Language, Phrases> = {
  german: {
    leads: {
      friendly: [
        "Wir haben Neuigkeiten für Sie:",
        "Schön, dass Sie vorbeischauen. Heute bei uns:",
        "Das freut uns besonders:",
      ],
      formal: ["Wir möchten Sie informieren:", "Ein kurzer Überblick:", "Gerne stellen wir Ihnen vor:"],
      humorous: ["Eilmeldung aus der Kaffeeküche:", "Besser als jeder Montagmorgen:", "Plot-Twist des Tages:"],
      exaggerated_marketing: [
        "Achtung, das wird groß:",
        "Das Beste, was Ihnen heute passieren kann:",
        "Vergessen Sie alles andere. Jetzt zählt nur das:",
      ],
    },
    closers: {
      friendly: ["Was meinen Sie dazu?", "Wir freuen uns auf Ihren Besuch.", "Erzählen Sie uns gern davon."],
      formal: [
        "Weitere Informationen erhalten Sie auf Anfrage.",
        "Wir freuen uns auf Ihre Rückmeldung.",
        "Sprechen Sie uns gerne an.",
      ],
      humorous: [
        "Sagen Sie nicht, wir hätten Sie nicht gewarnt.",
        "Likes nehmen wir auch in Keksform an.",
        "Sie wissen, was zu tun ist.",
      ],
      exaggerated_marketing: [
        "Jetzt zugreifen, bevor es alle tun!",
        "Nur für kurze Zeit, also los!",
        "Verpassen Sie das auf keinen Fall!",
      ],
    },
    templateNote: null,
    fallbackTags: ["Neuigkeiten", "Tipp", "Einblick"],
  },
  english: {
    leads: {
      friendly: ["We have news for you:", "Good news:", "Something we are happy about:"],
      formal: ["We would like to inform you:", "A short overview:", "Allow us to introduce:"],
      humorous: ["Breaking news from the coffee machine:", "Better than any Monday morning:", "Plot twist of the day:"],
      exaggerated_marketing: [
        "Big news, huge news:",
        "The best thing to happen to you today:",
        "Forget everything else. This is what counts now:",
      ],
    },
    closers: {
      friendly: ["What do you think?", "We look forward to seeing you.", "Tell us about it in the comments."],
      formal: [
        "Further information is available on request.",
        "We look forward to your feedback.",
        "Please do not hesitate to contact us.",
      ],
      humorous: ["Don't say we didn't warn you.", "We also accept likes in cookie form.", "You know what to do."],
      exaggerated_marketing: ["Grab it before everyone else does!", "Limited time only, so go!", "Do not miss this!"],
    },
    templateNote:
      "This post is an example from a template. With an AI model connected, your key points would appear here in English.",
    fallbackTags: ["News", "Tip", "Insight"],
  },
  french: {
    leads: {
      friendly: ["Nous avons des nouvelles pour vous :", "Bonne nouvelle :", "Un petit bonheur à partager :"],
      formal: ["Nous souhaitons vous informer :", "Un bref aperçu :", "Nous avons le plaisir de vous présenter :"],
      humorous: ["Flash spécial depuis la machine à café :", "Mieux qu'un lundi matin :", "Rebondissement du jour :"],
      exaggerated_marketing: [
        "Attention, c'est énorme :",
        "Le meilleur de votre journée :",
        "Oubliez tout le reste. Voici ce qui compte :",
      ],
    },
    closers: {
      friendly: ["Qu'en pensez-vous ?", "Au plaisir de vous voir.", "Racontez-nous en commentaire."],
      formal: [
        "Plus d'informations sur demande.",
        "Nous attendons votre retour avec intérêt.",
        "N'hésitez pas à nous contacter.",
      ],
      humorous: [
        "Ne dites pas qu'on ne vous a pas prévenus.",
        "Nous acceptons aussi les likes en forme de biscuits.",
        "Vous savez quoi faire.",
      ],
      exaggerated_marketing: [
        "Foncez avant tout le monde !",
        "Seulement pour peu de temps, alors vite !",
        "À ne surtout pas manquer !",
      ],
    },
    templateNote:
      "Ce message est un exemple tiré d'un modèle de texte. Avec un modèle d'IA connecté, vos points clés apparaîtraient ici en français.",
    fallbackTags: ["Nouveauté", "Astuce", "Aperçu"],
  },
  spanish: {
    leads: {
      friendly: ["Tenemos novedades para ti:", "Buenas noticias:", "Algo que nos alegra mucho:"],
      formal: ["Queremos informarle:", "Una breve visión general:", "Nos complace presentarle:"],
      humorous: [
        "Última hora desde la máquina de café:",
        "Mejor que cualquier lunes por la mañana:",
        "Giro inesperado del día:",
      ],
      exaggerated_marketing: [
        "Atención, esto es enorme:",
        "Lo mejor que te pasará hoy:",
        "Olvida todo lo demás. Esto es lo que cuenta:",
      ],
    },
    closers: {
      friendly: ["¿Qué opinas?", "Te esperamos con ganas.", "Cuéntanos en los comentarios."],
      formal: ["Más información a petición.", "Esperamos sus comentarios.", "No dude en contactarnos."],
      humorous: [
        "No digas que no te avisamos.",
        "También aceptamos likes en forma de galleta.",
        "Ya sabes lo que tienes que hacer.",
      ],
      exaggerated_marketing: [
        "¡Consíguelo antes que nadie!",
        "¡Solo por tiempo limitado, así que corre!",
        "¡No te lo pierdas!",
      ],
    },
    templateNote:
      "Esta publicación es un ejemplo de una plantilla. Con un modelo de IA conectado, tus puntos clave aparecerían aquí en español.",
    fallbackTags: ["Novedades", "Consejo", "Actualidad"],
  },
  turkish: {
    leads: {
      friendly: ["Size güzel bir haberimiz var:", "Güzel bir haber:", "Bizi çok sevindiren bir şey:"],
      formal: ["Sizi bilgilendirmek isteriz:", "Kısa bir bakış:", "Size tanıtmaktan memnuniyet duyarız:"],
      humorous: ["Kahve makinesinden son dakika:", "Her pazartesi sabahından daha iyi:", "Günün sürprizi:"],
      exaggerated_marketing: [
        "Dikkat, bu çok büyük:",
        "Bugün başınıza gelecek en iyi şey:",
        "Her şeyi unutun. Şimdi önemli olan bu:",
      ],
    },
    closers: {
      friendly: ["Siz ne düşünüyorsunuz?", "Sizi görmeyi dört gözle bekliyoruz.", "Yorumlarda bize anlatın."],
      formal: [
        "Ayrıntılı bilgi talep üzerine sunulur.",
        "Geri bildiriminizi bekliyoruz.",
        "Bizimle iletişime geçmekten çekinmeyin.",
      ],
      humorous: [
        "Sizi uyarmadık demeyin.",
        "Beğenileri kurabiye olarak da kabul ediyoruz.",
        "Ne yapacağınızı biliyorsunuz.",
      ],
      exaggerated_marketing: ["Herkesten önce yakalayın!", "Sadece kısa bir süre için, hemen!", "Sakın kaçırmayın!"],
    },
    templateNote:
      "Bu gönderi bir şablondan alınmış bir örnektir. Bir yapay zekâ modeli bağlandığında anahtar noktalarınız burada Türkçe olarak yer alır.",
    fallbackTags: ["Yenilik", "İpucu", "Gündem"],
  },
};

/**
 * German words that are capitalised only because they begin a sentence, or that say nothing
 * as a hashtag: never a hashtag (ADR 0062). Lower case; compared with the word lower-cased.
 */
export const HASHTAG_STOP_WORDS = new Set([
  ...["der", "die", "das", "den", "dem", "des", "ein", "eine", "einer", "einen", "einem", "eines"],
  ...["ich", "du", "er", "sie", "es", "wir", "ihr", "uns", "euch", "ihnen", "man", "mich", "dich"],
  ...["mein", "meine", "dein", "deine", "sein", "seine", "unser", "unsere", "unseren", "unserem", "euer", "eure"],
  ...["ihre", "ihren", "ihrem", "dieser", "diese", "dieses", "jeder", "jede", "jedes", "jeden", "alle", "allen"],
  ...["und", "oder", "aber", "denn", "doch", "sondern", "weil", "wenn", "dass", "als", "wie", "auch", "noch"],
  ...["mit", "für", "von", "vom", "bei", "beim", "aus", "nach", "seit", "zum", "zur", "über", "unter", "ohne"],
  ...["heute", "morgen", "jetzt", "hier", "dort", "bald", "schon", "immer", "endlich", "wieder", "gerne", "gern"],
  ...["neu", "neue", "neuer", "neues", "neuen", "mehr", "viel", "viele", "ganz", "sehr", "nur", "kein", "keine"],
  ...["ist", "sind", "war", "hat", "haben", "wird", "werden", "gibt", "kommt", "kommen", "suchen", "sucht"],
  ...["feiert", "feiern", "bietet", "bieten", "startet", "starten", "macht", "machen", "freuen", "freut"],
  ...["achtung", "hallo", "liebe", "lieber", "danke", "bitte", "willkommen"],
]);
