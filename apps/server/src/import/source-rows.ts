import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { extraColumnKey, type FieldIssue } from '@karta/contracts';
import { CsvError, parse } from 'csv-parse';
import { validationError } from '../http/errors.ts';
import { isPlaceField } from './place-file.ts';

/** One row of a file: its number (1 = the first feature or record) and its fields, or why it is unreadable. */
export type SourceRow =
  | { row: number; fields: Record<string, unknown>; errors?: undefined }
  | { row: number; errors: FieldIssue[]; fields?: undefined };

/**
 * How a list that is not in Karta's own names is read (a scheduled import's, docs/decisions/
 * 033-scheduled-imports.md): `columns` renames its columns (`{ Karta's name: the list's name }`),
 * and `defaults` fills a field a row leaves empty or the list lacks (the default category).
 */
export interface RowShape {
  columns?: Readonly<Record<string, string>>;
  defaults?: Readonly<Record<string, string>>;
}

/** The list's names to Karta's, from a shape's `{ Karta's: the list's }`. */
function renamer(shape: RowShape): (name: string) => string {
  const karta = new Map(Object.entries(shape.columns ?? {}).map(([ours, theirs]) => [theirs, ours]));
  return (name) => karta.get(name) ?? name;
}

function withDefaults(fields: Record<string, unknown>, shape: RowShape): Record<string, unknown> {
  for (const [field, value] of Object.entries(shape.defaults ?? {})) {
    if (fields[field] === undefined || fields[field] === null || fields[field] === '') fields[field] = value;
  }
  return fields;
}

/** Reads a CSV file with the documented header (see README): records one by one, never the whole file. */
export async function* csvRows(file: Readable, shape: RowShape = {}): AsyncGenerator<SourceRow> {
  const rename = renamer(shape);
  const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: true });
  pipeline(file, parser, () => undefined);
  let header: string[] | undefined;
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!header) {
        header = checkHeader(
          record.map((column) => rename(column.trim())),
          Object.keys(shape.defaults ?? {}),
        );
        continue;
      }
      row += 1;
      if (record.length !== header.length) {
        yield {
          row,
          errors: [
            {
              path: '(row)',
              message: `Expected ${header.length} cells as in the header, found ${record.length}`,
            },
          ],
        };
        continue;
      }
      const fields: Record<string, unknown> = {};
      header.forEach((column, index) => {
        fields[column] = record[index] ?? '';
      });
      yield { row, fields: withDefaults(fields, shape) };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      throw validationError(
        [{ path: '(file)', message: `${error.message}` }],
        'The file is not valid CSV: nothing was imported',
      );
    }
    throw error;
  }
  if (!header)
    throw validationError([{ path: '(file)', message: 'The file is empty' }], 'The CSV file has no header');
}

/**
 * The header's columns, or 400 naming the unknown, repeated and missing ones. An `x_<key>` column
 * (a field key's pattern) is known whatever the categories: a row's value for a field its category
 * lacks is refused row by row, and an empty cell is no value.
 */
function checkHeader(record: string[], implied: readonly string[] = []): string[] {
  const columns = record.map((column) => column.trim());
  const problems: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const column of columns) {
    if (!isPlaceField(column) && extraColumnKey(column) === null)
      problems.push({ path: column || '(empty)', message: 'Not a column Karta knows' });
    else if (seen.has(column)) problems.push({ path: column, message: 'The column appears twice' });
    seen.add(column);
  }
  // A file may place its rows by address instead of coordinates.
  const position = seen.has('address') ? [] : ['lat', 'lng'];
  for (const required of ['externalId', 'category', ...position]) {
    if (!seen.has(required) && !implied.includes(required))
      problems.push({ path: required, message: 'The column is missing' });
  }
  if (!columns.some((column) => column.startsWith('name_'))) {
    problems.push({ path: 'name_hr', message: 'A name column (name_hr, name_en, …) is missing' });
  }
  if (problems.length > 0)
    throw validationError(problems, 'The CSV header is not one Karta reads: nothing was imported');
  return columns;
}

/** Reads all of a GeoJSON file (it is within the import limit) and yields its features as rows. */
export async function* geoJsonRows(file: Readable, shape: RowShape = {}): AsyncGenerator<SourceRow> {
  const rename = renamer(shape);
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  let text = Buffer.concat(chunks).toString('utf8');
  chunks.length = 0;
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw validationError(
      [{ path: '(file)', message: (error as Error).message }],
      'The file is not valid JSON: nothing was imported',
    );
  }
  text = '';
  const collection = document as { type?: unknown; features?: unknown };
  if (collection?.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    throw validationError(
      [{ path: 'type', message: 'Expected a GeoJSON FeatureCollection with a features array' }],
      'The file is not a GeoJSON FeatureCollection: nothing was imported',
    );
  }
  const features = collection.features as unknown[];
  for (let index = 0; index < features.length; index += 1) {
    const row = featureRow(index + 1, features[index]);
    yield row.fields ? { row: row.row, fields: withDefaults(renamed(row.fields, rename), shape) } : row;
    features[index] = undefined; // Let each feature go once it is read.
  }
}

function renamed(fields: Record<string, unknown>, rename: (name: string) => string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [rename(name), value]));
}

function featureRow(row: number, feature: unknown): SourceRow {
  const value = feature as { type?: unknown; geometry?: unknown; properties?: unknown } | null;
  if (typeof value !== 'object' || value === null || value.type !== 'Feature') {
    return { row, errors: [{ path: 'type', message: 'Expected a GeoJSON Feature' }] };
  }
  const geometry = value.geometry as { type?: unknown; coordinates?: unknown } | null;
  const properties = value.properties;
  // A feature with no geometry but an address is placed by its address.
  if (
    geometry === null &&
    typeof properties === 'object' &&
    properties !== null &&
    !Array.isArray(properties) &&
    typeof (properties as { address?: unknown }).address === 'string'
  ) {
    const { lat: _lat, lng: _lng, ...fields } = properties as Record<string, unknown>;
    return { row, fields };
  }
  if (typeof geometry !== 'object' || geometry === null || geometry.type !== 'Point') {
    const found = typeof geometry?.type === 'string' ? geometry.type : 'no geometry';
    return { row, errors: [{ path: 'geometry', message: `Expected a Point, found ${found}` }] };
  }
  const coordinates = geometry.coordinates;
  if (!Array.isArray(coordinates) || coordinates.length < 2) {
    return { row, errors: [{ path: 'geometry.coordinates', message: 'Expected [longitude, latitude]' }] };
  }
  if (
    properties !== null &&
    properties !== undefined &&
    (typeof properties !== 'object' || Array.isArray(properties))
  ) {
    return { row, errors: [{ path: 'properties', message: 'Expected an object' }] };
  }
  // The geometry is the position, whatever the properties say.
  return { row, fields: { ...(properties as object | null), lng: coordinates[0], lat: coordinates[1] } };
}
