import { type Language, type Platform, POSTS_PER_GENERATION, type Tone } from "#shared/generator.ts";
import { POST_LENGTH_MAX } from "#shared/optimizer.ts";
import { computePostMetrics } from "#shared/post-metrics.ts";

// The offline demo composer (DESIGN.md "AI model: offline demo composer, clearly labelled
// Demo-Modus"; ADR 0012). Without an AI provider it writes three plausible posts from the
// user's key points: in the chosen language, in the tone's register, shaped for the network
// (length, line breaks, hashtag style). Deterministic, so tests and screenshots are stable.
// Every answer carries demo: true and the page says "Demo-Modus".

type Phrases = {
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

const PHRASES: Record<Language, Phrases> = {
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

const EMOJI: Record<Tone, [string, string, string]> = {
  friendly: ["🙂", "☀️", "💬"],
  formal: ["", "", ""],
  humorous: ["😄", "☕", "🙈"],
  exaggerated_marketing: ["🚀", "🔥", "💥"],
};

const BULLET: Record<Platform, string> = { facebook: "", instagram: "✨ ", linkedin: "• ", twitter: "" };
const HASHTAG_COUNT: Record<Platform, number> = { facebook: 2, instagram: 6, linkedin: 3, twitter: 1 };

type DemoRequest = { platform: Platform; tone: Tone; language: Language; keyPoints: string };

export function composeDemoPosts({ platform, tone, language, keyPoints }: DemoRequest): string[] {
  const phrases = PHRASES[language];
  const points = splitKeyPoints(keyPoints);
  const topic = points[0] ?? keyPoints.trim();
  const details = points.slice(1);
  const tags = buildHashtags(points, phrases.fallbackTags, HASHTAG_COUNT[platform]);
  return Array.from({ length: POSTS_PER_GENERATION }, (_, variant) => {
    const opener = phrases.openers[tone][variant as 0 | 1 | 2].replace("{topic}", topic);
    const closer = phrases.closers[tone][variant as 0 | 1 | 2];
    const emoji = EMOJI[tone][variant as 0 | 1 | 2];
    // Each variant leads with other details, so the three posts do not read alike.
    const rotated =
      details.length > 0
        ? [...details.slice(variant % details.length), ...details.slice(0, variant % details.length)]
        : [];
    switch (platform) {
      case "twitter":
        return composeForX(opener, rotated, closer, tags, phrases);
      case "facebook":
        return joinLines([
          withEmoji(opener, emoji),
          rotated.length > 0 ? sentence(phrases, rotated) : "",
          closer,
          "",
          tags.join(" "),
        ]);
      case "instagram":
        return joinLines([
          withEmoji(opener, emoji),
          "",
          ...rotated.map((point) => `${BULLET.instagram}${capitalize(point)}`),
          "",
          closer,
          "",
          tags.join(" "),
        ]);
      default: // linkedin
        return joinLines([
          opener,
          "",
          ...(rotated.length > 0
            ? rotated.map((point) => `${BULLET.linkedin}${capitalize(point)}`)
            : [capitalize(topic)]),
          "",
          closer,
          "",
          tags.join(" "),
        ]);
    }
  });
}

function composeForX(opener: string, details: string[], closer: string, tags: string[], phrases: Phrases): string {
  const tag = tags[0] ?? "";
  // One exclamation mark at most (the optimizer's criteria): later ones become full stops.
  const candidates = [
    [opener, details.length > 0 ? sentence(phrases, details) : "", closer, tag],
    [opener, details.length > 0 ? sentence(phrases, details.slice(0, 1)) : "", closer, tag],
    [opener, closer, tag],
    [opener, tag],
  ];
  for (const parts of candidates) {
    const text = limitExclamations(parts.filter(Boolean).join(" "));
    if (computePostMetrics(text).adjustedLength <= POST_LENGTH_MAX) return text;
  }
  return `${limitExclamations(opener)
    .slice(0, POST_LENGTH_MAX - tag.length - 2)
    .trimEnd()}… ${tag}`.trim();
}

function limitExclamations(text: string): string {
  let seen = false;
  return text.replace(/!/g, () => {
    if (seen) return ".";
    seen = true;
    return "!";
  });
}

/** Key points as the user typed them: separated by line breaks, commas, semicolons or bullets. */
export function splitKeyPoints(keyPoints: string): string[] {
  return keyPoints
    .split(/[\n,;•]+|\s+-\s+/)
    .map((point) => point.replace(/^[\s\-*–]+/, "").replace(/[\s.!?:]+$/, ""))
    .filter((point) => point !== "");
}

function sentence(phrases: Phrases, points: string[]): string {
  if (points.length === 1) return `${phrases.detailsIntro}: ${points[0]}.`;
  return `${phrases.detailsIntro}: ${points.slice(0, -1).join(", ")} ${phrases.and} ${points.at(-1)}.`;
}

function buildHashtags(points: string[], fallback: string[], count: number): string[] {
  // The longest words are usually the most specific ones ("Herbstkollektion", not "Neue").
  const words = points
    .flatMap((point) => point.split(/[^\p{L}\p{N}]+/u))
    .filter((word) => word.length >= 4 && !/^\p{N}+$/u.test(word))
    .sort((a, b) => b.length - a.length);
  const tags: string[] = [];
  for (const word of [...words, ...fallback]) {
    const tag = `#${capitalize(word)}`;
    if (!tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) tags.push(tag);
    if (tags.length === count) break;
  }
  return tags;
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function withEmoji(text: string, emoji: string): string {
  return emoji ? `${text} ${emoji}` : text;
}

function joinLines(lines: string[]): string {
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The demo's posts as a model would stream them: word by word, each step the posts so far.
 * Used so the page takes the same streaming path in the demo as with a real model.
 */
export function* streamDemoSnapshots(posts: string[]): Generator<string[]> {
  const done: string[] = [];
  for (const post of posts) {
    const words = post.split(/(?<=\s)/);
    let current = "";
    for (const word of words) {
      current += word;
      yield [...done, current];
    }
    done.push(post);
  }
}
