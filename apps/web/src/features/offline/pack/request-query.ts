/** The prefix of a field filter's parameters: `f.<key>`, `f.<key>.min`, `f.<key>.max`. */
const FILTER_PREFIX = 'f.';

/**
 * A request's query as the server's parser reads it (http/query-string.ts), for the contract's
 * schemas to check: a parameter given once is its text, one repeated the list of its texts, and
 * the field filters' parameters are grouped into one object `f` (`f.indoor=true` →
 * `{ f: { indoor: 'true' } }`), which has no prototype, so `f.__proto__` is a key like any other.
 */
export function requestQuery(params: URLSearchParams): Record<string, unknown> {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of params) {
    const given = query[name];
    query[name] = given === undefined ? value : Array.isArray(given) ? [...given, value] : [given, value];
  }
  const read: Record<string, unknown> = {};
  let filters: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(query)) {
    if (name.startsWith(FILTER_PREFIX)) {
      filters ??= Object.create(null) as Record<string, unknown>;
      filters[name.slice(FILTER_PREFIX.length)] = value;
    } else {
      read[name] = value;
    }
  }
  if (filters) read.f = filters;
  return read;
}
