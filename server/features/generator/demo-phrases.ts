import type { Language, Tone } from "#shared/generator.ts";

// The demo composer's words (ADR 0012): openers, closers and joins for each language and tone.
// Kept apart from the composer's rules so either can be read without scrolling past the other.

export type Phrases = {
  /** Three openers per tone; {topic} is the first key point. */
  openers: Record<Tone, [string, string, string]>;
  /** Three closing lines per tone (a question or a call to action). */
  closers: Record<Tone, [string, string, string]>;
  /** Joins the further key points into a sentence: "Dazu: a, b und c." */
  detailsIntro: string;
  and: string;
  /** Hashtags when the key points give too few words. */
  fallbackTags: string[];
};

export const PHRASES: Record<Language, Phrases> = {
  german: {
    openers: {
      friendly: [
        "Heute geht es um {topic}.",
        "Kennen Sie das? {topic} macht den Unterschied.",
        "Wir freuen uns: {topic}!",
      ],
      formal: [
        "Wir möchten Sie über {topic} informieren.",
        "{topic}: ein Überblick.",
        "Gerne stellen wir Ihnen {topic} vor.",
      ],
      humorous: [
        "Eilmeldung aus der Kaffeeküche: {topic}.",
        "Was haben Montage und {topic} gemeinsam? Nur eines davon macht Spaß.",
        "Plot-Twist des Tages: {topic}.",
      ],
      exaggerated_marketing: [
        "Achtung, das wird groß: {topic}!",
        "Das Beste, was Ihnen heute passieren kann: {topic}!",
        "Vergessen Sie alles andere, jetzt kommt {topic}!",
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
    detailsIntro: "Dazu",
    and: "und",
    fallbackTags: ["Neuigkeiten", "Tipp", "Heute"],
  },
  english: {
    openers: {
      friendly: [
        "Today it's all about {topic}.",
        "Ever noticed how {topic} changes everything?",
        "Good news: {topic}!",
      ],
      formal: ["We would like to inform you about {topic}.", "{topic}: an overview.", "Allow us to introduce {topic}."],
      humorous: [
        "Breaking news from the coffee machine: {topic}.",
        "What do Mondays and {topic} have in common? Only one of them is fun.",
        "Plot twist of the day: {topic}.",
      ],
      exaggerated_marketing: [
        "Big news, huge news: {topic}!",
        "The best thing to happen to you today: {topic}!",
        "Forget everything else, here comes {topic}!",
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
    detailsIntro: "Plus",
    and: "and",
    fallbackTags: ["News", "Tip", "Today"],
  },
  french: {
    openers: {
      friendly: ["Aujourd'hui, parlons de {topic}.", "Vous aussi, vous aimez {topic} ?", "Bonne nouvelle : {topic} !"],
      formal: [
        "Nous souhaitons vous informer au sujet de {topic}.",
        "{topic} : un aperçu.",
        "Nous avons le plaisir de vous présenter {topic}.",
      ],
      humorous: [
        "Flash spécial depuis la machine à café : {topic}.",
        "Le point commun entre le lundi et {topic} ? Un seul des deux est amusant.",
        "Rebondissement du jour : {topic}.",
      ],
      exaggerated_marketing: [
        "Attention, c'est énorme : {topic} !",
        "Le meilleur de votre journée : {topic} !",
        "Oubliez tout le reste, voici {topic} !",
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
    detailsIntro: "En plus",
    and: "et",
    fallbackTags: ["Nouveauté", "Astuce", "Aujourdhui"],
  },
  spanish: {
    openers: {
      friendly: ["Hoy hablamos de {topic}.", "¿A ti también te encanta {topic}?", "Buenas noticias: {topic}."],
      formal: [
        "Queremos informarle sobre {topic}.",
        "{topic}: una visión general.",
        "Nos complace presentarle {topic}.",
      ],
      humorous: [
        "Última hora desde la máquina de café: {topic}.",
        "¿Qué tienen en común los lunes y {topic}? Solo uno de los dos es divertido.",
        "Giro inesperado del día: {topic}.",
      ],
      exaggerated_marketing: [
        "Atención, esto es enorme: {topic}.",
        "Lo mejor que te pasará hoy: {topic}.",
        "Olvida todo lo demás, llega {topic}.",
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
    detailsIntro: "Además",
    and: "y",
    fallbackTags: ["Novedades", "Consejo", "Hoy"],
  },
  turkish: {
    openers: {
      friendly: ["Bugün konumuz: {topic}.", "Siz de {topic} konusunu seviyor musunuz?", "Güzel bir haber: {topic}!"],
      formal: [
        "Sizi {topic} hakkında bilgilendirmek isteriz.",
        "{topic}: kısa bir bakış.",
        "Size {topic} konusunu tanıtmaktan memnuniyet duyarız.",
      ],
      humorous: [
        "Kahve makinesinden son dakika: {topic}.",
        "Pazartesi ile {topic} arasındaki fark ne? Sadece biri eğlenceli.",
        "Günün sürprizi: {topic}.",
      ],
      exaggerated_marketing: [
        "Dikkat, bu çok büyük: {topic}!",
        "Bugün başınıza gelecek en iyi şey: {topic}!",
        "Her şeyi unutun, karşınızda {topic}!",
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
    detailsIntro: "Ayrıca",
    and: "ve",
    fallbackTags: ["Yenilik", "İpucu", "Bugün"],
  },
};
