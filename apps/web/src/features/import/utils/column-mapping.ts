import { csvColumns, EXPORT_ONLY_COLUMNS } from '@karta/contracts';

/** A Karta CSV column a file column can be read as, or `null` for a column that is left out. */
export type ColumnTarget = string | null;

/** For each column of the file, in its order: the Karta column it is read as. */
export type ColumnMapping = ColumnTarget[];

/** A name or description in any language, which the server reads (`name_de`). */
const LANGUAGE_COLUMN = /^(name|description)_[a-z]{2}$/;
/** The same, folded (`NAME_HR`, `Name hr` → `namehr`). */
const FOLDED_LANGUAGE_COLUMN = /^(name|description)([a-z]{2})$/;

/**
 * The columns that are the same for every site: all but the names and descriptions per language,
 * and an export's own (`photos`, which the server takes and ignores).
 */
const PLAIN_COLUMNS: readonly string[] = [...csvColumns([]), ...EXPORT_ONLY_COLUMNS];

/** Whether the server reads `column` as it is (the documented ones and any `name_xx`/`description_xx`). */
export const isKartaColumn = (column: string) =>
  PLAIN_COLUMNS.includes(column) || LANGUAGE_COLUMN.test(column);

/** Lower case, without accents, spaces or punctuation: `Geografska širina` → `geografskasirina`. */
export function foldColumnName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Other names a column often has in spreadsheets, English and Croatian, already folded. A generic
 * "name" or "description" goes to the language its word is in; the mapping can be changed.
 */
const SYNONYMS: Record<string, readonly string[]> = {
  externalId: [
    'id',
    'extid',
    'externalref',
    'ref',
    'reference',
    'identifier',
    'uid',
    'key',
    'sifra',
    'oznaka',
  ],
  category: ['categoryslug', 'kategorija', 'type', 'kind', 'vrsta', 'tip'],
  name_hr: ['naziv', 'ime', 'naslov', 'nazivhr', 'imehr'],
  name_en: ['name', 'title', 'placename', 'nameen'],
  description_hr: ['opis', 'opishr', 'napomena'],
  description_en: ['description', 'desc', 'notes', 'descriptionen'],
  primaryLanguage: ['language', 'lang', 'jezik'],
  lat: ['latitude', 'y', 'sirina', 'geografskasirina', 'gsirina'],
  lng: ['lon', 'long', 'longitude', 'x', 'duzina', 'geografskaduzina', 'gduzina'],
  radius: ['radiusm', 'radijus', 'polumjer', 'range', 'domet'],
  locationPrivacy: ['privacy', 'privatnost', 'privatnostlokacije'],
  address: ['addr', 'street', 'adresa', 'ulica'],
  phone: ['telephone', 'tel', 'mobile', 'telefon', 'mobitel', 'phonenumber'],
  email: ['mail', 'emailaddress', 'eposta'],
  website: ['web', 'url', 'homepage', 'site', 'www', 'webstranica', 'mreznastranica', 'poveznica'],
  opening_hours: ['openinghours', 'hours', 'openhours', 'radnovrijeme', 'vrijemeotvaranja'],
};

/** Folded name → Karta column: each Karta column's own name first, then its synonyms. */
const KNOWN_NAMES = new Map<string, string>([
  ...PLAIN_COLUMNS.map((column) => [foldColumnName(column), column] as const),
  ...Object.entries(SYNONYMS).flatMap(([column, names]) => names.map((name) => [name, column] as const)),
]);

/** The Karta column a file column probably is (exact name, then by folded name or synonym), or null. */
export function guessColumn(name: string): ColumnTarget {
  const trimmed = name.trim();
  if (isKartaColumn(trimmed)) return trimmed;
  const folded = foldColumnName(trimmed);
  const language = FOLDED_LANGUAGE_COLUMN.exec(folded);
  return KNOWN_NAMES.get(folded) ?? (language ? `${language[1]}_${language[2]}` : null);
}

/**
 * The automatic mapping of a header: each column to its guess, each Karta column taken once
 * (by the first column that matches it; later ones are left out, and can be chosen by hand).
 */
export function autoMapColumns(header: readonly string[]): ColumnMapping {
  const taken = new Set<string>();
  return header.map((name) => {
    const target = guessColumn(name);
    if (target === null || taken.has(target)) return null;
    taken.add(target);
    return target;
  });
}

/** Whether a header is already one the server reads as it is: every column known, none twice. */
export function isKartaHeader(header: readonly string[]): boolean {
  const columns = header.map((name) => name.trim());
  return columns.every(isKartaColumn) && new Set(columns).size === columns.length;
}

/** The columns a file must give (a name: at least one `name_xx`). */
export const REQUIRED_TARGETS = ['externalId', 'category', 'name', 'lat', 'lng'] as const;
export type RequiredTarget = (typeof REQUIRED_TARGETS)[number];

/** Whether a Karta column is, or fills, a required one. */
export function requiredTargetOf(column: string): RequiredTarget | null {
  if (column.startsWith('name_')) return 'name';
  return (REQUIRED_TARGETS as readonly string[]).includes(column) ? (column as RequiredTarget) : null;
}

export interface MappingProblems {
  /** Required columns no file column is read as. */
  missing: RequiredTarget[];
  /** Karta columns chosen for more than one file column. */
  repeated: string[];
}

/** What keeps a mapping from being used; both lists empty when it is complete. */
export function mappingProblems(mapping: ColumnMapping): MappingProblems {
  const chosen = mapping.filter((target): target is string => target !== null);
  const covered = new Set(chosen.map(requiredTargetOf));
  const missing = REQUIRED_TARGETS.filter((target) => !covered.has(target));
  const repeated = [...new Set(chosen.filter((target, index) => chosen.indexOf(target) !== index))];
  return { missing, repeated };
}

/**
 * The Karta columns offered for a file: the documented ones for the site's `languages`, plus other
 * languages the file has.
 */
export function columnChoices(header: readonly string[], languages: readonly string[]): string[] {
  const extra = header.map((name) => name.trim()).filter((name) => LANGUAGE_COLUMN.test(name));
  return [...new Set<string>([...csvColumns(languages), ...EXPORT_ONLY_COLUMNS, ...extra])];
}
