import type { Bounds, LatLng } from './primitives.ts';
import {
  type FieldFilterParam,
  formatBbox,
  formatFieldFilters,
  formatLatLng,
  formatSlugList,
} from './wire-format.ts';

type Wire = Record<string, string>;

const isLatLng = (value: object) => 'lat' in value && 'lng' in value;
const isBounds = (value: object) =>
  'west' in value && 'south' in value && 'east' in value && 'north' in value;

/**
 * A parsed query written back in its wire form, by the shape of each value: a box, a point, a
 * list, a number or flag. The query schemas of `query-params.ts` parse exactly these forms, so one
 * encoder serves every endpoint and a new query field needs no change here (a unit test checks
 * the round trip for each endpoint). Empty values are left out, as if not given.
 */
export function encodeQuery(query: object): Wire {
  const wire: Wire = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    // Field filters: one parameter per field and bound (`f.<key>`, `f.<key>.min`).
    if (key === 'f' && Array.isArray(value)) {
      Object.assign(wire, formatFieldFilters(value as FieldFilterParam[]));
    } else if (Array.isArray(value)) {
      if (value.length > 0) wire[key] = formatSlugList(value.map(String));
    } else if (typeof value === 'object' && isBounds(value)) wire[key] = formatBbox(value as Bounds);
    else if (typeof value === 'object' && isLatLng(value)) wire[key] = formatLatLng(value as LatLng);
    else wire[key] = String(value);
  }
  return wire;
}
