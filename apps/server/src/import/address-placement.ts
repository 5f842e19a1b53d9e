import type { GeocodeItem, ImportGeocodedRow, ImportGeocodeResult, LatLng } from '@karta/contracts';
import type { Geocoder } from '../geocoding/geocoder.ts';
import type { SourceRow } from './source-rows.ts';

/** Where a row without a position was placed by its address (`item` null: not found, or not asked yet). */
export interface RowPlacement {
  result: ImportGeocodeResult;
  item: GeocodeItem | null;
}

const empty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The address of a row to place by it: one with an address and neither coordinate; else null. */
export function addressToPlace(fields: Record<string, unknown>): string | null {
  if (!empty(fields.lat) || !empty(fields.lng)) return null;
  const { address } = fields;
  return typeof address === 'string' && address.trim() !== '' ? address.trim() : null;
}

const resultOf = (item: GeocodeItem | null | undefined): ImportGeocodeResult =>
  item === undefined
    ? 'to_geocode'
    : item === null
      ? 'not_found'
      : item.kind === 'house'
        ? 'exact'
        : 'approximate';

export interface AddressPlacements {
  /** By row number, for every row placed by its address. */
  byRow: Map<number, RowPlacement>;
  /** Addresses the geocoder has not answered yet (each once). */
  unknown: string[];
}

/**
 * The file's first reading: each row with an address and no position, looked up by its address.
 * `cached` asks a remote service nothing (a dry run, or a real run checking what it would cost);
 * `ask` asks it for what it has not answered, one address at a time under its pace.
 */
export async function placeByAddress(
  rows: AsyncIterable<SourceRow>,
  geocoder: Geocoder,
  mode: 'ask' | 'cached',
): Promise<AddressPlacements> {
  // Each address once, whatever its case, as first written.
  const rowsOf = new Map<string, { address: string; numbers: number[] }>();
  for await (const source of rows) {
    if (!source.fields) continue;
    const address = addressToPlace(source.fields);
    if (address === null) continue;
    const key = address.toLowerCase();
    const entry = rowsOf.get(key) ?? { address, numbers: [] };
    entry.numbers.push(source.row);
    rowsOf.set(key, entry);
  }
  const byRow = new Map<number, RowPlacement>();
  const unknown: string[] = [];
  for (const { address, numbers } of rowsOf.values()) {
    const item = await geocoder.locate(address, mode);
    if (item === undefined) unknown.push(address);
    const placement = { result: resultOf(item), item: item ?? null };
    for (const row of numbers) byRow.set(row, placement);
  }
  return { byRow, unknown };
}

/**
 * The rows as the import reads them: each placed by its address at what was found; a row not found
 * is skipped (never placed at a default point). In a dry run, a row still to look up stands at
 * `stand-in` so the rest of it is checked; a dry run writes nothing, so that point is never kept.
 */
export async function* placedRows(
  rows: AsyncIterable<SourceRow>,
  byRow: ReadonlyMap<number, RowPlacement>,
  standIn: LatLng | null,
): AsyncGenerator<SourceRow> {
  for await (const source of rows) {
    const placement = source.fields ? byRow.get(source.row) : undefined;
    if (!placement || !source.fields) {
      yield source;
      continue;
    }
    const at = placement.item ?? (placement.result === 'to_geocode' ? standIn : null);
    if (at) yield { row: source.row, fields: { ...source.fields, lat: at.lat, lng: at.lng } };
  }
}

/** The report's list of placed rows, in file order. */
export function placementReport(byRow: ReadonlyMap<number, RowPlacement>): ImportGeocodedRow[] {
  return [...byRow]
    .sort(([a], [b]) => a - b)
    .map(([row, { result, item }]) => ({ row, result, label: item?.label ?? null }));
}
