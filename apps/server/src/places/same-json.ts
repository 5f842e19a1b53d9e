/**
 * JSON with object keys sorted, so `{hr, en}` and `{en, hr}` (jsonb's own order) read the same.
 * Edits and imports compare a place's stored values with new ones through it.
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** Whether two JSON values are equal, whatever the order of their object keys (null = absent). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
