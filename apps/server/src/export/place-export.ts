import {
  type CategoryField,
  csvColumns,
  EXPORT_ONLY_COLUMNS,
  type ExportQuery,
  extraColumn,
  type PlaceListItem,
} from '@karta/contracts';
import { fileFields, valueText } from '../import/file-extra.ts';
import { fileCoordinate, type PlaceProperties, placeLink, placeProperties } from '../import/place-file.ts';
import { type PhotoRepository, photoUrl } from '../photos/photo-repository.ts';
import type { PlaceFieldFilter } from '../places/field-filters.ts';
import type { PlaceRepository } from '../places/place-repository.ts';

/** Rows read per query: big enough to amortise a round trip, small enough to keep memory flat. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * The published places matching `query`, page after page, as a visitor sees them (the public,
 * possibly coarsened position: exports are shared, so no reader gets an exact one), read in one
 * ordered pass (`listInOrder`): nearest first for `near` and `covers`, else by id. Built on the
 * list's filters, so every filter of `GET /api/v1/places` and the one visibility rule apply.
 */
export function exportPages(
  repository: PlaceRepository,
  query: ExportQuery,
  fieldFilters: readonly PlaceFieldFilter[] = [],
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<PlaceListItem[]> {
  return repository.listInOrder(exportFilters(query, fieldFilters), null, pageSize);
}

/**
 * The repository's list filters of an export's query (published places only), shared with what
 * must match exactly the same places: the offline pack counts with them before it reads.
 * `fieldFilters` are the query's `f.<key>` as `resolveFieldFilters` read them (routes/field-filters.ts).
 */
export function exportFilters(query: ExportQuery, fieldFilters: readonly PlaceFieldFilter[] = []) {
  // Every other filter has the same name in the query and in the repository's list; `f` is read
  // into `fieldFilters` against the categories' fields.
  const { category, f: _readAsFieldFilters, ...filters } = query;
  return {
    ...filters,
    categories: category,
    fieldFilters,
    statuses: ['published'] as const,
    order: 'oldest' as const,
  };
}

/** A place as exported: with the public URLs of its published photos, in its order. */
export type ExportedPlace = PlaceListItem & { photoUrls: string[] };

/**
 * The pages with each place's published photos (one query a page, by the place index). Only the
 * links go into a file: whoever follows one gets the photo as Karta serves it, checked.
 */
export async function* withPhotoUrls(
  pages: AsyncIterable<PlaceListItem[]>,
  photos: PhotoRepository,
  origin: string,
): AsyncGenerator<ExportedPlace[]> {
  for await (const page of pages) {
    const ids = await photos.publishedIds(page.map((place) => place.id));
    yield page.map((place) => ({
      ...place,
      photoUrls: (ids.get(place.id) ?? []).map((id) => `${origin}${photoUrl(id, 'large')}`),
    }));
  }
}

/**
 * A place's file properties with its photos' links, space-separated (null when it has none), and
 * when it was last confirmed.
 */
function exportedProperties(place: ExportedPlace, origin: string, languages?: readonly string[]) {
  return {
    ...placeProperties(place, externalIdOf(place, origin), languages),
    photos: place.photoUrls.length > 0 ? place.photoUrls.join(' ') : null,
    last_confirmed_at: place.lastConfirmedAt,
  };
}

/** The external id a place is exported with: its own, or its link on this site (see `placeLink`). */
const externalIdOf = (place: PlaceListItem, origin: string) =>
  place.externalId ?? placeLink(origin, place.id);

/** A GeoJSON FeatureCollection of the pages, written feature by feature (never the whole file). */
export async function* geoJsonChunks(pages: AsyncIterable<ExportedPlace[]>, origin: string) {
  yield '{"type":"FeatureCollection","features":[\n';
  let first = true;
  for await (const page of pages) {
    const features = page.map((place) =>
      JSON.stringify({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [fileCoordinate(place.lng), fileCoordinate(place.lat)] },
        // The values as the API gives them, `{}` when none: every feature has the same properties,
        // so a tool reading the file (GDAL) finds one `extra` field of the same type in each.
        properties: { ...exportedProperties(place, origin), extra: place.extra },
      }),
    );
    yield `${first ? '' : ',\n'}${features.join(',\n')}`;
    first = false;
  }
  yield '\n]}\n';
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break. Text comes already
 * guarded against formulas by `placeProperties` (the same for both formats).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(columns: readonly string[], properties: PlaceProperties): string {
  return `${columns.map((column) => csvCell(properties[column])).join(',')}\r\n`;
}

/** A category as the CSV export needs it: its slug and its active fields. */
export type ExportCategory = { slug: string; fields: readonly CategoryField[] };

/**
 * A place's values as `x_<key>` cells (see `valueText`), each written per its own category's
 * field (its options' order), empty where it has none.
 */
function extraCells(
  place: PlaceListItem,
  fields: readonly CategoryField[],
  fieldsOf: ReadonlyMap<string, ReadonlyMap<string, CategoryField>>,
): PlaceProperties {
  const cells: PlaceProperties = {};
  const own = fieldsOf.get(place.category);
  for (const field of fields) {
    const value = place.extra[field.key];
    cells[extraColumn(field.key)] =
      value === undefined ? null : valueText(own?.get(field.key) ?? field, value);
  }
  return cells;
}

/**
 * CSV with the documented header (a name and a description column per language of the site,
 * then the export's own columns: photos' links and the last confirmation, then one `x_<key>` per
 * field of `categories`, given in their display order), page by page. It starts with a UTF-8
 * byte order mark, so spreadsheets read Croatian letters right; import skips it.
 */
export async function* csvChunks(
  pages: AsyncIterable<ExportedPlace[]>,
  origin: string,
  languages: readonly string[],
  categories: readonly ExportCategory[] = [],
) {
  const fields = fileFields(categories);
  const fieldsOf = new Map(
    categories.map((category) => [
      category.slug,
      new Map(category.fields.map((field) => [field.key, field])),
    ]),
  );
  const columns = [
    ...csvColumns(languages),
    ...EXPORT_ONLY_COLUMNS,
    ...fields.map((field) => extraColumn(field.key)),
  ];
  yield `\uFEFF${columns.join(',')}\r\n`;
  for await (const page of pages) {
    yield page
      .map((place) =>
        csvLine(columns, {
          ...exportedProperties(place, origin, languages),
          ...extraCells(place, fields, fieldsOf),
          lat: fileCoordinate(place.lat),
          lng: fileCoordinate(place.lng),
        }),
      )
      .join('');
  }
}
