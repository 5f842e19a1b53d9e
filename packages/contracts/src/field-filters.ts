import { z } from 'zod';
import { MAX_FILTER_FIELDS, MAX_FILTER_VALUES } from './field-filter-rules.ts';
import type { FieldFilterParam } from './wire-format.ts';

// The reading of filters needs no zod, so a browser's first view may use it (`@karta/contracts/wire`).
export {
  dayNumber,
  filterableFields,
  MAX_FILTER_FIELDS,
  MAX_FILTER_VALUES,
  type TypedFilter,
  typedFilters,
} from './field-filter-rules.ts';
export { type FieldFilterParam, formatFieldFilters } from './wire-format.ts';

const FILTER_NAME = /^([a-z][a-z0-9_]{0,39})(?:\.(min|max))?$/;

/**
 * The `f.*` parameters of a request, which the server's query parser groups into one object `f`
 * (`f.indoor=true&f.level.min=1` → `{ indoor: 'true', 'level.min': '1' }`): one filter per field,
 * ordered by key, so the same filter is one cache key however its parameters were ordered.
 */
export const FieldFiltersParam = z
  .record(
    z.string().max(60),
    z.union([z.string().max(2000), z.array(z.string().max(2000)).max(MAX_FILTER_VALUES)]),
  )
  .transform((raw, ctx): FieldFilterParam[] => {
    const byKey = new Map<string, FieldFilterParam>();
    for (const [name, given] of Object.entries(raw)) {
      const match = FILTER_NAME.exec(name);
      if (!match) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'Expected f.<field key>, f.<key>.min or f.<key>.max',
        });
        continue;
      }
      const [, key, bound] = match as unknown as [string, string, 'min' | 'max' | undefined];
      const filter = byKey.get(key) ?? { key, values: [] };
      byKey.set(key, filter);
      const parts = (Array.isArray(given) ? given : [given])
        .flatMap((value) => value.split(','))
        .map((value) => value.trim())
        .filter((value) => value !== '');
      if (bound) {
        if (parts.length > 1) ctx.addIssue({ code: 'custom', path: [name], message: 'Give one bound' });
        else if (parts[0] !== undefined) filter[bound] = parts[0];
      } else {
        filter.values.push(...parts);
      }
    }
    const filters = [...byKey.values()]
      .map((filter) => ({ ...filter, values: [...new Set(filter.values)] }))
      .filter((filter) => filter.values.length > 0 || filter.min !== undefined || filter.max !== undefined)
      .sort((a, b) => (a.key < b.key ? -1 : 1));
    if (filters.length > MAX_FILTER_FIELDS) {
      ctx.addIssue({ code: 'custom', message: `Filter on at most ${MAX_FILTER_FIELDS} fields` });
    }
    for (const filter of filters) {
      if (filter.values.length > MAX_FILTER_VALUES) {
        ctx.addIssue({
          code: 'custom',
          path: [filter.key],
          message: `Give at most ${MAX_FILTER_VALUES} values`,
        });
      }
    }
    return filters;
  });

/**
 * The optional `f` of a query: its text is the OpenAPI document's description of the parameters,
 * since the document cannot name parameters whose names are the categories' field keys.
 */
export const FieldFiltersQuery = FieldFiltersParam.optional().describe(
  'Field filters, one query parameter per field: `f.<key>=<value>` (repeated or comma-separated: any of them; `true`/`false` for yes/no fields), `f.<key>.min` and `f.<key>.max` (numbers and ISO dates, inclusive). Keys are the filterable fields of the categories (`GET /api/v1/categories`); every field’s filter must hold. An unknown key or a value the field cannot hold is a 400 naming `f.<key>`.',
);
