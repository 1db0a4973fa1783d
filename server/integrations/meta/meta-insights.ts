// Meta's insights answers (ADR 0104), alike for Facebook, Instagram and Threads:
// `{ data: [{ name, period, values: [{ value }] }] }`, newer metrics as `total_value: { value }`.

type Insight = { name?: unknown; values?: { value?: unknown }[]; total_value?: { value?: unknown } };

/** Each metric's number by its name; a metric Meta left out (no data yet) is missing, not 0. */
export function insightValues(body: unknown): Map<string, number> {
  const data = (body as { data?: unknown } | null)?.data;
  const values = new Map<string, number>();
  if (!Array.isArray(data)) return values;
  for (const insight of data as Insight[]) {
    const value = insight.total_value?.value ?? insight.values?.[0]?.value;
    if (typeof insight.name === "string" && typeof value === "number") values.set(insight.name, value);
  }
  return values;
}

/** Graph's answer for an object that is not there (any more): code 100, subcode 33. */
export function isMissingObject(error: { code?: unknown; error_subcode?: unknown } | null): boolean {
  return Number(error?.code) === 100 && Number(error?.error_subcode) === 33;
}
