import { parse } from 'fast-querystring';

/** The prefix of a field filter's parameters: `f.<key>`, `f.<key>.min`, `f.<key>.max`. */
const FILTER_PREFIX = 'f.';

/**
 * Fastify's query parser (fast-querystring, its own default), with the field filters' parameters
 * grouped into one object `f` (`f.indoor=true` → `{ f: { indoor: 'true' } }`), which the
 * contracts' `FieldFiltersParam` reads: their names are the categories' field keys, so no fixed
 * schema can list them.
 */
export function parseQueryString(raw: string): Record<string, unknown> {
  const query = parse(raw) as Record<string, unknown>;
  let filters: Record<string, unknown> | undefined;
  for (const name of Object.keys(query)) {
    if (!name.startsWith(FILTER_PREFIX)) continue;
    filters ??= Object.create(null) as Record<string, unknown>;
    const key = name.slice(FILTER_PREFIX.length);
    // zod's records skip a key `__proto__`: renamed, it is refused as every name not a field key is.
    filters[key === '__proto__' ? `(${key})` : key] = query[name];
    delete query[name];
  }
  if (filters) query.f = filters;
  return query;
}
