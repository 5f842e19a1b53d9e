import { z } from 'zod';
import { FieldKey } from './category-fields.ts';
import { FieldIssue } from './errors.ts';
import { PLACE_FIELDS, PLACE_FILE_FIELDS, type PlaceField } from './place-fields.ts';
import { checkPlaceText, PlaceInputFields } from './place-writes.ts';
import { PlaceListQuery } from './places.ts';
import { Int32Id, IsoDateTime, LanguageCode, Slug, text } from './primitives.ts';
import { BooleanParam } from './query-params.ts';

/**
 * The place file format shared by import and export (GeoJSON properties and CSV columns): the
 * field names of `POST /api/v1/places`, with names and descriptions flattened per language
 * (`name_hr`, `description_en`), `category` as the category slug and `externalId` as the key that
 * makes re-import idempotent. In GeoJSON the position is the Point geometry instead of `lat`/`lng`.
 *
 * This is the CSV header Karta writes for a site whose languages (`LANGUAGES`) are `languages`: a
 * name and a description column per language. Any order is read, and `name_xx` of other languages too.
 */
export function csvColumns(languages: readonly string[]): string[] {
  return ['externalId', ...PLACE_FIELDS.flatMap((field) => fileColumns(field, languages))];
}

/** The columns of one place field in a file with `languages` (see `PLACE_FILE_FIELDS`). */
function fileColumns(field: PlaceField, languages: readonly string[]): string[] {
  const column = PLACE_FILE_FIELDS[field];
  return column === 'per-language' ? languages.map((language) => `${field}_${language}`) : [column];
}

/**
 * Columns an export writes that are not place fields: `photos`, the links of a place's published
 * photos, space-separated, and `last_confirmed_at`, when someone last said the place is still
 * there. An import takes a file with them and ignores them (it never fetches a URL it is given,
 * and only people on this site confirm its places).
 */
export const EXPORT_ONLY_COLUMNS = ['photos', 'last_confirmed_at'] as const;

/**
 * The CSV column of a category field's values: `x_<key>` (`x_indoor`), one per field key of the
 * site's categories, after the place's own columns. GeoJSON carries the values as
 * `properties.extra`, the object the API gives (an import also reads `x_<key>` properties).
 */
export const extraColumn = (key: string) => `x_${key}`;

/** The field key an `x_<key>` column names (a key of `FieldKey`'s pattern), or null for any other column. */
export function extraColumnKey(column: string): string | null {
  if (!column.startsWith('x_')) return null;
  const key = column.slice(2);
  return FieldKey.safeParse(key).success ? key : null;
}

/** Place file fields that are neither per-language nor the position. */
export const PLACE_FILE_SCALARS: readonly string[] = [
  'externalId',
  ...PLACE_FIELDS.filter((field) => field !== 'lat' && field !== 'lng').flatMap((field) =>
    fileColumns(field, []),
  ),
];

/**
 * One row of an import, validated with the rules of a proposal (`PlaceInput`), the category named
 * by slug, and an external id (required: it is what makes re-importing the same file change nothing).
 */
export const ImportRow = PlaceInputFields.omit({ categoryId: true })
  .extend({
    externalId: text({ kind: 'token', min: 1, max: 200 }),
    category: Slug,
    /** The language readers fall back to; default: the first name given. Must be a name's language. */
    primaryLanguage: LanguageCode.optional(),
  })
  .superRefine((row, ctx) => {
    checkPlaceText(row, ctx);
    if (row.primaryLanguage !== undefined && row.name[row.primaryLanguage] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['primaryLanguage'],
        message: `There is no name in ${row.primaryLanguage}`,
      });
    }
  });
export type ImportRow = z.output<typeof ImportRow>;

/** The largest import file the server takes (50 MB); anything larger is refused with 413. */
export const IMPORT_LIMIT_BYTES = 50 * 1024 * 1024;

export const ImportFormat = z.enum(['geojson', 'csv']);
export type ImportFormat = z.infer<typeof ImportFormat>;

/** The content type a file of each format is sent with (the import route accepts exactly these). */
export const IMPORT_CONTENT_TYPES = {
  csv: 'text/csv',
  geojson: 'application/geo+json',
} as const satisfies Record<ImportFormat, string>;

/** The status new places get (existing places keep theirs). */
export const ImportStatus = z.enum(['pending', 'published']);
export type ImportStatus = z.infer<typeof ImportStatus>;

/** `POST /api/v1/import?format=…&dryRun=…&status=…` (the file is the body). */
export const ImportQuery = z.object({
  format: ImportFormat,
  /** `true` (the default): report what would happen and write nothing. */
  dryRun: BooleanParam.optional(),
  /** Status of created places (default `pending`). */
  status: ImportStatus.optional(),
});
export type ImportQuery = z.output<typeof ImportQuery>;

/** A refused row: its number (1 = the first feature, or the first record after the CSV header) and why. */
export const ImportRefusal = z.object({
  row: z.number().int().positive(),
  errors: z.array(FieldIssue),
});
export type ImportRefusal = z.infer<typeof ImportRefusal>;

/** What happens to an accepted row: a new place, changes to an existing one, or nothing. */
export const ImportAction = z.enum(['create', 'update', 'unchanged']);
export type ImportAction = z.infer<typeof ImportAction>;

/**
 * A place's stored field that an import may change (any of them), in the API's terms; `extra`
 * when the values of its category's fields differ (the history names each, `extra.<key>`).
 */
export const ImportedField = z.enum([...PLACE_FIELDS, 'extra']);
export type ImportedField = z.infer<typeof ImportedField>;

/**
 * An accepted row and what the import does with it. `changed` (updates only) names the fields that
 * differ, so a dry run says what an update touches.
 */
export const ImportRowAction = z.object({
  row: z.number().int().positive(),
  externalId: z.string(),
  action: ImportAction,
  changed: z.array(ImportedField).optional(),
});
export type ImportRowAction = z.infer<typeof ImportRowAction>;

/**
 * Where an imported row without a position was placed by its address: `exact` (the house was
 * found), `approximate` (a street, a named place or a town), `not_found` (the row is skipped: never
 * placed at a default point), or `to_geocode` (a dry run: the site's geocoder has not answered
 * this address yet, and will be asked).
 */
export const ImportGeocodeResult = z.enum(['exact', 'approximate', 'not_found', 'to_geocode']);
export type ImportGeocodeResult = z.infer<typeof ImportGeocodeResult>;

export const ImportGeocodedRow = z.object({
  row: z.number().int().positive(),
  result: ImportGeocodeResult,
  /** What the geocoder found ("Ilica 1, 10000 Zagreb"); null when nothing (yet). */
  label: z.string().nullable(),
});
export type ImportGeocodedRow = z.infer<typeof ImportGeocodedRow>;

/** The rows of a file placed by their address, and what asking for them costs. */
export const ImportGeocoding = z.object({
  rows: z.array(ImportGeocodedRow),
  /** Addresses the geocoder has not answered yet: each is one call to its service. */
  upstreamCalls: z.number().int().min(0),
  /** The least time those calls take under the service's limit (the public Nominatim: one a second). */
  minimumSeconds: z.number().int().min(0),
  /**
   * The background run looking those addresses up (a dry run starts it; its progress is
   * `GET /api/v1/import/geocoding/{id}`), or null when there is nothing to look up.
   */
  runId: z.number().int().positive().nullable(),
});
export type ImportGeocoding = z.infer<typeof ImportGeocoding>;

export const ImportGeocodingRunParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Expected a run id')
    .transform(Number)
    .pipe(Int32Id),
});

/** `GET /api/v1/import/geocoding/{id}`: how far a background look-up of addresses is. */
export const ImportGeocodingRun = z.object({
  id: z.number().int().positive(),
  state: z.enum(['running', 'done', 'failed']),
  /** Addresses to look up, and how many were: found or not. */
  total: z.number().int().min(0),
  done: z.number().int().min(0),
  notFound: z.number().int().min(0),
  startedAt: IsoDateTime,
});
export type ImportGeocodingRun = z.infer<typeof ImportGeocodingRun>;

/**
 * What an import did (or, in a dry run, would do), row by row: the counts, every accepted row's
 * action in file order (`rows`), and every refused row with why. A real run with any refused row
 * imports nothing and answers 422 `validation_error` whose `details` is this report (a 400 is the request or the file as a whole).
 */
export const ImportReport = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  rows: z.array(ImportRowAction),
  refused: z.array(ImportRefusal),
  /**
   * Present when rows have an address and no position: where each was placed. Rows not found are
   * skipped (neither imported nor refused), so the others import.
   */
  geocoding: ImportGeocoding.optional(),
});
export type ImportReport = z.infer<typeof ImportReport>;

/**
 * What became of an import that wrote places: published as it answered, or finished by the next
 * start after the server stopped before answering (published to its end, or dropped when it had
 * not yet read every row). The last two are how a moderator whose import got no answer learns it.
 */
export const ImportOutcome = z.enum(['published', 'published_after_restart', 'dropped_after_restart']);
export type ImportOutcome = z.infer<typeof ImportOutcome>;

/** One finished import (`GET /api/v1/imports`). */
export const ImportResult = z.object({
  id: z.number().int().positive(),
  /** Who imported; null once that account is deleted. */
  by: z.object({ id: z.number().int().positive(), displayName: z.string() }).nullable(),
  status: ImportStatus,
  outcome: ImportOutcome,
  /** Null for an import dropped after a restart: its rows were never all read. */
  counts: z
    .object({
      created: z.number().int().min(0),
      updated: z.number().int().min(0),
      unchanged: z.number().int().min(0),
    })
    .nullable(),
  startedAt: IsoDateTime,
  finishedAt: IsoDateTime,
});
export type ImportResult = z.infer<typeof ImportResult>;

/** `GET /api/v1/imports` (moderators): the 20 newest finished imports, newest first. */
export const ImportResultList = z.object({ items: z.array(ImportResult) });
export type ImportResultList = z.infer<typeof ImportResultList>;

/**
 * `GET /api/v1/export.geojson` and `GET /api/v1/export.csv`: the filters of `GET /api/v1/places`
 * (published places only, as a visitor sees them; no paging: the whole result is streamed).
 */
export const ExportQuery = PlaceListQuery.omit({
  status: true,
  mine: true,
  order: true,
  origin: true,
  limit: true,
  cursor: true,
});
export type ExportQuery = z.output<typeof ExportQuery>;
