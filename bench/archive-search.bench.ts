import crypto from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { user } from "#server/db/schema/auth.ts";
import { listArchivedPosts } from "#server/features/archive/archive.service.ts";
import { type ArchiveQueryInput, ArchiveQuerySchema } from "#shared/archive.schemas.ts";
import type { Language, Platform, Tone } from "#shared/generator.ts";
import { openBenchDatabase, percentile } from "./bench-app.ts";

// ADR 0017: the archive search's p95 at 100,000 rows, measured on the real
// service function (listArchivedPosts: the page of entries and the count) against a filled,
// analysed table. The rows are made up but shaped like real ones: German posts from
// different kinds of businesses, every platform, language and tone.

export const ARCHIVE_SEARCH_TARGET_P95_MS = 20;
export const ARCHIVE_ROWS = 100_000;

// 50 accounts share the table, but the one the target is measured on owns 20,000 rows: a Pro
// plan allows up to 300 texts a month, so 20,000 is more than five years at the limit, the
// largest archive one person can realistically have. The other 80,000 rows belong to 49
// others (about 1,600 each, measured too for comparison), so the user filter has to do real
// work and the search index holds everybody's words.
const ACCOUNT_COUNT = 50;
const LARGE_ARCHIVE_ROWS = 20_000;
const INSERT_BATCH_ROWS = 1_000;
/** Six years: the large archive at the Pro limit takes that long to fill. */
const ARCHIVE_SPAN_MS = 6 * 365 * 86_400_000;

const WARM_UP_ROUNDS = 3;
const MEASURED_QUERIES = 300;

// What people do on the archive page (search as they type, 300 ms debounce; two entries a page).
const ARCHIVE_SEARCHES: { label: string; query: ArchiveQueryInput }[] = [
  { label: "Archiv öffnen (ohne Suche, Seite 1)", query: {} },
  { label: "ohne Suche, Seite 100", query: { page: "100" } },
  { label: 'häufiges Wort "heute"', query: { search: "heute" } },
  { label: 'häufiges Wort "heute", Seite 20', query: { search: "heute", page: "20" } },
  { label: 'seltenes Wort "Kardamom"', query: { search: "Kardamom" } },
  { label: 'Wortanfang "rabatt" (Rabatt, Rabattaktion …)', query: { search: "rabatt" } },
  { label: 'halb getippt "zim"', query: { search: "zim" } },
  { label: 'zwei Wörter "frische Brötchen"', query: { search: "frische Brötchen" } },
  { label: "nur Filter: Instagram, humorvoll", query: { platform: "instagram", tone: "humorous" } },
  {
    label: 'Wort mit Filtern: "Angebot", LinkedIn, Deutsch',
    query: { search: "Angebot", platform: "linkedin", language: "german" },
  },
  { label: 'kein Treffer "Quittengelee"', query: { search: "Quittengelee" } },
];

/** `matches` as the page shows it: the exact number, or "> 200" beyond ARCHIVE_COUNT_LIMIT. */
type SearchFigures = { label: string; matches: string; medianMs: number; p95Ms: number };

export type ArchiveSearchReport = {
  database: string;
  fillSeconds: number;
  /** The large archive (LARGE_ARCHIVE_ROWS entries): the target applies here. */
  large: { rows: number; medianMs: number; p95Ms: number; searches: SearchFigures[] };
  /** For comparison: one of the other accounts, with an ordinary archive. */
  ordinary: { rows: number; medianMs: number; p95Ms: number };
};

export async function runArchiveSearchBenchmark(postgresServerUrl?: string): Promise<ArchiveSearchReport> {
  const bench = await openBenchDatabase(postgresServerUrl);
  try {
    const { db } = bench.database;
    const fillStarted = performance.now();
    const { largeUserId, ordinaryUserId } = await fillArchive(db);
    // Fresh statistics, as autovacuum keeps them on PostgreSQL (PGlite runs no autovacuum).
    await db.execute(sql`analyze archived_posts`);
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const large = await measureSearches(db, largeUserId);
    const ordinary = await measureSearches(db, ordinaryUserId);
    return {
      database: bench.label,
      fillSeconds,
      large,
      ordinary: { rows: ordinary.rows, medianMs: ordinary.medianMs, p95Ms: ordinary.p95Ms },
    };
  } finally {
    await bench.close();
  }
}

/** MEASURED_QUERIES calls of listArchivedPosts, taking turns over ARCHIVE_SEARCHES, after a warm-up. */
async function measureSearches(db: Database, userId: string) {
  const queries = ARCHIVE_SEARCHES.map(({ query }) => ArchiveQuerySchema.parse(query));
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    for (const query of queries) await listArchivedPosts(db, userId, query);
  }
  const durationsBySearch: number[][] = queries.map(() => []);
  const matches: string[] = [];
  for (let run = 0; run < MEASURED_QUERIES; run++) {
    const index = run % queries.length;
    const query = queries[index] ?? ArchiveQuerySchema.parse({});
    const started = performance.now();
    const page = await listArchivedPosts(db, userId, query);
    durationsBySearch[index]?.push(performance.now() - started);
    matches[index] = page.totalIsCapped ? `> ${page.total}` : String(page.total);
  }
  const all = durationsBySearch.flat().sort((a, b) => a - b);
  const [archiveSize] = await db.select({ rows: count() }).from(archivedPosts).where(eq(archivedPosts.userId, userId));
  return {
    rows: archiveSize?.rows ?? 0,
    medianMs: percentile(all, 0.5),
    p95Ms: percentile(all, 0.95),
    searches: ARCHIVE_SEARCHES.map(({ label }, index) => {
      const durations = (durationsBySearch[index] ?? []).sort((a, b) => a - b);
      return {
        label,
        matches: matches[index] ?? "0",
        medianMs: percentile(durations, 0.5),
        p95Ms: percentile(durations, 0.95),
      };
    }),
  };
}

/** Inserts the accounts and ARCHIVE_ROWS entries; returns the large archive's owner and an ordinary one. */
async function fillArchive(db: Database) {
  const userIds = Array.from({ length: ACCOUNT_COUNT }, () => crypto.randomUUID());
  // Plain account rows: archive entries need only the account to exist, not a password.
  await db.insert(user).values(
    userIds.map((id, index) => ({
      id,
      name: `Archiv ${index + 1}`,
      email: `archiv-${index + 1}@example.test`,
      emailVerified: true,
    })),
  );
  const [largeUserId = "", ...otherUserIds] = userIds;
  const random = seededRandom(20_260_522);
  const composeEntry = entryComposer(random);
  const now = Date.now();
  for (let first = 0; first < ARCHIVE_ROWS; first += INSERT_BATCH_ROWS) {
    const rows = [];
    for (let index = first; index < Math.min(ARCHIVE_ROWS, first + INSERT_BATCH_ROWS); index++) {
      // The large archive's rows are spread through the table, as they would arrive.
      const isLarge = index % (ARCHIVE_ROWS / LARGE_ARCHIVE_ROWS) === 0;
      const userId = isLarge ? largeUserId : (otherUserIds[Math.floor(random() * otherUserIds.length)] ?? "");
      // Oldest first, as a table fills over the years: the rows lie in created_at order.
      const createdAt = new Date(now - ((ARCHIVE_ROWS - index) / ARCHIVE_ROWS) * ARCHIVE_SPAN_MS);
      rows.push({ userId, ...composeEntry(), createdAt });
    }
    await db.insert(archivedPosts).values(rows);
  }
  return { largeUserId, ordinaryUserId: otherUserIds[0] ?? "" };
}

// --- Made-up but realistic content -------------------------------------------------------

type Business = { name: string; products: string[]; points: string[]; hashtags: string[] };

const BUSINESSES: Business[] = [
  {
    name: "Bäckerei",
    products: ["Zimtschnecken", "frische Brötchen", "Sauerteigbrot", "Butterbrezeln", "Apfelkuchen", "Dinkelbrot"],
    points: [
      "jeden Samstag frisch",
      "Sauerteig nach Familienrezept",
      "mit Kardamom verfeinert",
      "ab 6 Uhr geöffnet",
      "Mehl aus der Region",
      "Frühstück zum Mitnehmen",
      "ohne Zusatzstoffe",
    ],
    hashtags: ["#Bäckerei", "#Handwerk", "#Frühstück", "#Backstube"],
  },
  {
    name: "Café",
    products: ["Cappuccino", "hausgemachte Torten", "Frühstücksbuffet", "Eiskaffee", "Zimtschnecken"],
    points: [
      "Terrasse mit Blick auf den Park",
      "Bohnen aus eigener Röstung",
      "veganes Angebot",
      "kostenloses WLAN",
      "Brunch am Sonntag",
    ],
    hashtags: ["#Café", "#Kaffeeliebe", "#Brunch"],
  },
  {
    name: "Fitnessstudio",
    products: ["Probetraining", "Rückenkurs", "Jahresmitgliedschaft", "Personal Training", "Spinning-Kurs"],
    points: [
      "rund um die Uhr geöffnet",
      "neue Geräte im Freihantelbereich",
      "Kurse für Einsteiger",
      "Sauna inklusive",
      "Betreuung durch Trainer",
    ],
    hashtags: ["#Fitness", "#Training", "#Gesundheit", "#Motivation"],
  },
  {
    name: "Steuerberatung",
    products: ["Steuererklärung", "Lohnbuchhaltung", "Gründungsberatung", "Jahresabschluss"],
    points: [
      "Fristen sicher einhalten",
      "digitale Belegübermittlung",
      "Beratung für Selbstständige",
      "Termine auch per Video",
      "neue Regeln ab Januar",
    ],
    hashtags: ["#Steuern", "#Steuerberatung", "#Selbstständigkeit"],
  },
  {
    name: "Immobilienbüro",
    products: ["Wertermittlung", "Dreizimmerwohnung", "Einfamilienhaus", "Gewerbefläche", "Besichtigung"],
    points: [
      "provisionsfrei für Käufer",
      "zentrale Lage",
      "Balkon mit Südausrichtung",
      "Energieausweis liegt vor",
      "kurzfristig bezugsfrei",
    ],
    hashtags: ["#Immobilien", "#Wohnung", "#Zuhause"],
  },
  {
    name: "Friseursalon",
    products: ["Balayage", "Herrenschnitt", "Hochsteckfrisur", "Haarpflege-Set", "Brautstyling"],
    points: ["Termine auch samstags", "vegane Pflegeprodukte", "neues Team-Mitglied", "Beratung inklusive"],
    hashtags: ["#Friseur", "#Haare", "#Styling"],
  },
  {
    name: "Onlineshop für Naturkosmetik",
    products: ["Gesichtscreme", "festes Shampoo", "Lippenbalsam", "Geschenkbox", "Duschgel"],
    points: [
      "nachhaltige Verpackung",
      "kostenloser Versand ab 30 Euro",
      "Rabattcode für Neukunden",
      "zertifizierte Naturkosmetik",
      "ohne Mikroplastik",
    ],
    hashtags: ["#Naturkosmetik", "#Nachhaltigkeit", "#Selfcare"],
  },
  {
    name: "Autowerkstatt",
    products: ["Reifenwechsel", "Inspektion", "Klimaservice", "Hauptuntersuchung", "Ölwechsel"],
    points: ["Ersatzwagen inklusive", "Winterreifen jetzt einlagern", "Festpreise", "Termin online buchen"],
    hashtags: ["#Werkstatt", "#Auto", "#Sicherheit"],
  },
  {
    name: "Yogastudio",
    products: ["Anfängerkurs", "Yoga-Retreat", "Meditationsabend", "Zehnerkarte", "Faszientraining"],
    points: ["kleine Gruppen", "erste Stunde gratis", "Kurse auch online", "Matten werden gestellt"],
    hashtags: ["#Yoga", "#Achtsamkeit", "#Entspannung"],
  },
  {
    name: "Buchhandlung",
    products: ["Lesung", "Krimi-Neuerscheinungen", "Kinderbücher", "Geschenkgutscheine", "Lesekreis"],
    points: ["Bestellung bis 18 Uhr, Abholung am nächsten Tag", "persönliche Empfehlungen", "Autorin zu Gast"],
    hashtags: ["#Bücher", "#Lesen", "#Buchhandlung"],
  },
  {
    name: "Softwarefirma",
    products: ["Webinar", "neues Update", "Kundenportal", "Schnittstelle zu DATEV", "Testversion"],
    points: ["Daten in Deutschland gehostet", "DSGVO-konform", "Support auf Deutsch", "30 Tage kostenlos testen"],
    hashtags: ["#Software", "#Digitalisierung", "#SaaS", "#B2B"],
  },
  {
    name: "Zahnarztpraxis",
    products: ["professionelle Zahnreinigung", "Bleaching", "Kinderprophylaxe", "Angstpatienten-Sprechstunde"],
    points: ["Termine online buchen", "barrierefreie Praxis", "Abendsprechstunde am Donnerstag"],
    hashtags: ["#Zahngesundheit", "#Zahnarzt", "#Prophylaxe"],
  },
  {
    name: "Blumenladen",
    products: ["Frühlingssträuße", "Hochzeitsfloristik", "Zimmerpflanzen", "Trauerkränze", "Blumen-Abo"],
    points: ["Lieferung am selben Tag", "Blumen aus der Region", "Workshop Kranzbinden"],
    hashtags: ["#Blumen", "#Floristik", "#Muttertag"],
  },
  {
    name: "Weingut",
    products: ["Riesling", "Weinprobe", "Spätburgunder", "Hoffest", "Weinpaket"],
    points: ["Lese von Hand", "ökologischer Anbau", "Führung durch den Keller", "Versand deutschlandweit"],
    hashtags: ["#Wein", "#Weingut", "#Riesling"],
  },
  {
    name: "Schreinerei",
    products: ["Einbauschrank", "Massivholztisch", "Küchenfronten", "Treppenrenovierung"],
    points: ["Maßanfertigung", "heimisches Eichenholz", "kostenloses Aufmaß", "Auszubildende gesucht"],
    hashtags: ["#Handwerk", "#Schreinerei", "#Holz"],
  },
];

const CALLS_TO_ACTION = [
  "Jetzt Termin vereinbaren!",
  "Mehr erfahren Sie auf unserer Website.",
  "Schreiben Sie uns eine Nachricht.",
  "Wir freuen uns auf Ihren Besuch!",
  "Jetzt bestellen und sparen.",
  "Kommen Sie heute noch vorbei!",
  "Link in der Bio.",
  "Teilen Sie diesen Beitrag mit Freunden.",
];

type PostParts = { business: Business; product: string; point: string; tag: string; cta: string; percent: number };

const GERMAN_POSTS: ((parts: PostParts) => string)[] = [
  ({ product, point, tag, cta }) =>
    `Neu bei uns: ${product}! ${capitalise(point)}. Überzeugen Sie sich selbst. ${cta} ${tag}`,
  ({ product, point, tag, cta }) =>
    `Heute schon an ${product} gedacht? ${capitalise(point)} – und das zu fairen Preisen. ${cta} ${tag}`,
  ({ product, tag, cta, percent }) =>
    `Nur diese Woche: ${percent} % Rabatt auf ${product}. Das Angebot gilt, solange der Vorrat reicht. ${cta} ${tag}`,
  ({ business, product, point, tag }) =>
    `Rabattaktion in unserem Geschäft (${business.name}): ${product} zum Sonderpreis. ${capitalise(point)}. Wir freuen uns auf Sie! ${tag}`,
  ({ business, product, point, tag }) =>
    `Hinter den Kulissen: So entsteht bei uns ${product}. Unser Team (${business.name}) zeigt Ihnen heute, worauf es ankommt – ${point}. ${tag}`,
  ({ product, point, tag, cta }) =>
    `Kleiner Tipp fürs Wochenende: ${product}. ${capitalise(point)}, ganz entspannt und ohne Stress. ${cta} ${tag}`,
  ({ product, tag }) =>
    `Danke für Ihre Treue! Wir möchten etwas zurückgeben: Zu jeder Bestellung von ${product} gibt es heute eine kleine Überraschung. ${tag}`,
  ({ product, point, tag }) =>
    `Nachhaltig, regional und mit Liebe gemacht: ${product}. ${capitalise(point)}. Unser Angebot für alle, die Wert auf Qualität legen. ${tag}`,
  ({ business, product, point, tag, cta }) =>
    `Wussten Sie schon? ${capitalise(point)} – das macht ${product} aus unserem Haus (${business.name}) so besonders. ${cta} ${tag}`,
  ({ product, point, tag, cta }) =>
    `Montagmorgen, die Woche startet! Wir haben ${product} für Sie vorbereitet. ${capitalise(point)}. ${cta} ${tag} #Montag`,
];

// A few posts in the other four languages; the archive holds them too.
const OTHER_LANGUAGE_POSTS: Record<Exclude<Language, "german">, (product: string, tag: string) => string> = {
  english: (product, tag) => `New today: ${product}! Made with care and ready for you. Visit us this week. ${tag}`,
  french: (product, tag) => `Nouveau chez nous : ${product} ! Venez nous rendre visite cette semaine. ${tag}`,
  spanish: (product, tag) => `¡Novedad: ${product}! Visítanos esta semana y descubre más. ${tag}`,
  turkish: (product, tag) => `Yeni: ${product}! Bu hafta bizi ziyaret edin. ${tag}`,
};

// Rough shares of what users pick.
const PLATFORM_WEIGHTS: [Platform, number][] = [
  ["instagram", 35],
  ["facebook", 25],
  ["linkedin", 25],
  ["twitter", 15],
];
const LANGUAGE_WEIGHTS: [Language, number][] = [
  ["german", 80],
  ["english", 12],
  ["french", 3],
  ["spanish", 3],
  ["turkish", 2],
];
const TONE_WEIGHTS: [Tone, number][] = [
  ["friendly", 45],
  ["formal", 25],
  ["humorous", 15],
  ["exaggerated_marketing", 15],
];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Makes one archive row's content after another from `random`. */
function entryComposer(random: () => number) {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const pickWeighted = <T>(weights: [T, number][]): T => {
    let roll = random() * weights.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of weights) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return weights[0]?.[0] as T;
  };

  return () => {
    const business = pick(BUSINESSES);
    const language = pickWeighted(LANGUAGE_WEIGHTS);
    const keyPoints = new Set([pick(business.products), pick(business.points), pick(business.points)]);
    const posts = Array.from({ length: 3 }, () => {
      const product = pick(business.products);
      const tag = pick(business.hashtags);
      if (language !== "german") return OTHER_LANGUAGE_POSTS[language](product, tag);
      const point = pick(business.points);
      return pick(GERMAN_POSTS)({
        business,
        product,
        point,
        tag,
        cta: pick(CALLS_TO_ACTION),
        percent: pick([10, 15, 20, 25]),
      });
    });
    const slug = business.name.toLowerCase().replace(/[^a-zäöüß]+/g, "-");
    return {
      platform: pickWeighted(PLATFORM_WEIGHTS),
      language,
      tone: pickWeighted(TONE_WEIGHTS),
      keyPoints: [...keyPoints].join(", "),
      imageUrl: random() < 0.2 ? `/uploads/social-images/${crypto.randomUUID()}.webp` : null,
      website: random() < 0.3 ? `https://www.${slug}-${Math.floor(random() * 500)}.de` : null,
      generatedPosts: posts,
    };
  };
}

/** Same rows on every run, so runs compare (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}
