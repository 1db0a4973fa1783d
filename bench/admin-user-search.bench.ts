import { sql } from "drizzle-orm";
import { user } from "#server/db/schema/auth.ts";
import { contentGenerationLogs } from "#server/db/schema/content-generation-logs.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { searchUsers } from "#server/features/admin/admin-users.service.ts";
import { openBenchDatabase, percentile } from "./bench-app.ts";

// ADR 0024: the admin's user search at 100,000 profiles, p95 ≤ 20 ms, on the
// real service function (one page with plans and last generation) against a filled, analysed
// table.

export const USER_SEARCH_TARGET_P95_MS = 20;
export const USER_SEARCH_PROFILES = 100_000;

const INSERT_BATCH_ROWS = 1_000;
const WARM_UP_ROUNDS = 3;
const MEASURED_QUERIES = 300;
const DOMAINS = ["gmail.com", "web.de", "gmx.de", "t-online.de", "outlook.de", "firma-mueller.de", "posteo.de"];
const NAMES = ["anna", "ben", "clara", "david", "eva", "felix", "greta", "hans", "ida", "jonas", "mueller", "schmidt"];

// What an operator types: nothing (the newest), a domain, a name, half a name, an exact
// address, something nobody has, and a later page.
const SEARCHES: { label: string; query: string; page: number }[] = [
  { label: "ohne Suche, Seite 1", query: "", page: 1 },
  { label: "ohne Suche, Seite 50", query: "", page: 50 },
  { label: 'Domain "@web.de"', query: "@web.de", page: 1 },
  { label: 'Name "mueller"', query: "mueller", page: 1 },
  { label: 'halb getippt "gre"', query: "gre", page: 1 },
  { label: "genaue Adresse", query: "hans.ben.4711@gmail.com", page: 1 },
  { label: 'kein Treffer "quittengelee"', query: "quittengelee", page: 1 },
  { label: 'Großschreibung "FELIX"', query: "FELIX", page: 3 },
];

export type UserSearchReport = {
  database: string;
  fillSeconds: number;
  medianMs: number;
  p95Ms: number;
  searches: { label: string; shown: number; medianMs: number; p95Ms: number }[];
};

export async function runUserSearchBenchmark(postgresServerUrl?: string): Promise<UserSearchReport> {
  const bench = await openBenchDatabase(postgresServerUrl);
  try {
    const { db } = bench.database;
    const fillStarted = performance.now();
    const now = Date.now();
    for (let first = 0; first < USER_SEARCH_PROFILES; first += INSERT_BATCH_ROWS) {
      const batch = Array.from({ length: INSERT_BATCH_ROWS }, (_, offset) => {
        const index = first + offset;
        const name = `${NAMES[index % NAMES.length]}.${NAMES[(index * 7) % NAMES.length]}.${index}`;
        return {
          id: `bench-user-${index}`,
          email: `${name}@${DOMAINS[index % DOMAINS.length]}`,
          createdAt: new Date(now - (USER_SEARCH_PROFILES - index) * 60_000),
        };
      });
      await db.insert(user).values(batch.map((row) => ({ ...row, name: row.id, emailVerified: true })));
      await db.insert(profiles).values(batch.map((row) => ({ ...row, credits: 10 })));
      // Every third account has generated something.
      await db
        .insert(contentGenerationLogs)
        .values(batch.filter((_, offset) => offset % 3 === 0).map((row) => ({ userId: row.id, creditsRemaining: 9 })));
    }
    await db.execute(sql`analyze profiles`);
    await db.execute(sql`analyze content_generation_logs`);
    const fillSeconds = (performance.now() - fillStarted) / 1000;

    for (let round = 0; round < WARM_UP_ROUNDS; round++) {
      for (const search of SEARCHES) await searchUsers(db, search.query, search.page);
    }
    const durations: number[][] = SEARCHES.map(() => []);
    const shown: number[] = [];
    for (let run = 0; run < MEASURED_QUERIES; run++) {
      const index = run % SEARCHES.length;
      const search = SEARCHES[index] ?? { query: "", page: 1 };
      const started = performance.now();
      const result = await searchUsers(db, search.query, search.page);
      durations[index]?.push(performance.now() - started);
      shown[index] = result.users.length;
    }
    const all = durations.flat().sort((a, b) => a - b);
    return {
      database: bench.label,
      fillSeconds,
      medianMs: percentile(all, 0.5),
      p95Ms: percentile(all, 0.95),
      searches: SEARCHES.map(({ label }, index) => {
        const sorted = (durations[index] ?? []).sort((a, b) => a - b);
        return { label, shown: shown[index] ?? 0, medianMs: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95) };
      }),
    };
  } finally {
    await bench.close();
  }
}
