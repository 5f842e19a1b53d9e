import { IMPORT_LIMIT_BYTES, type ImportFormat } from '@karta/contracts';

/** What the file input offers; other files may still be dropped, and are read by their content. */
export const ACCEPTED_FILES = '.csv,.geojson,.json,text/csv,application/geo+json,application/json';

/** Whether a file is over the server's limit (refused here at once, before any upload). */
export const isTooLarge = (file: Blob) => file.size > IMPORT_LIMIT_BYTES;

/** The limit in whole megabytes, for messages. */
export const IMPORT_LIMIT_MB = Math.round(IMPORT_LIMIT_BYTES / 1024 / 1024);

/**
 * A file's format: by its extension, else by its first character (`{` opens a GeoJSON object,
 * anything else is read as CSV). The screen lets the user change it.
 */
export function detectFormat(fileName: string, text: string): ImportFormat {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'geojson' || extension === 'json') return 'geojson';
  return text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('{')
    ? 'geojson'
    : 'csv';
}

/** How many features a GeoJSON text has, or null when it is not a FeatureCollection (the server says why). */
export function countFeatures(text: string): number | null {
  try {
    const document = JSON.parse(text.replace(/^\uFEFF/, '')) as { features?: unknown } | null;
    return Array.isArray(document?.features) ? document.features.length : null;
  } catch {
    return null;
  }
}

/** A file's size for people: kilobytes under a megabyte, megabytes above, in the reader's format. */
export function formatFileSize(bytes: number, language: string): string {
  const megabytes = bytes / 1024 / 1024;
  const [value, unit] = megabytes < 1 ? [Math.max(bytes / 1024, 0.1), 'kilobyte'] : [megabytes, 'megabyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}
