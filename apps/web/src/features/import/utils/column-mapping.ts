import {
  type CategoryField,
  csvColumns,
  EXPORT_ONLY_COLUMNS,
  extraColumn,
  extraColumnKey,
} from '@karta/contracts';

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

/**
 * Whether the server reads `column` as it is: the documented ones, any `name_xx`/`description_xx`,
 * and any `x_<key>`, the values of a category field (a key no category has is refused row by row).
 */
export const isKartaColumn = (column: string) =>
  PLAIN_COLUMNS.includes(column) || LANGUAGE_COLUMN.test(column) || extraColumnKey(column) !== null;

/** A category field as the guesser knows it: its key, its labels in every language, its OpenStreetMap tag. */
export type GuessableField = Pick<CategoryField, 'key' | 'label' | 'osmKey'>;

/**
 * The site's fields, each key once, in the categories' order (the columns an export writes):
 * what a file column may be read as besides the place's own columns.
 */
export function siteFields<T extends { key: string }>(categories: readonly { fields: readonly T[] }[]): T[] {
  const byKey = new Map<string, T>();
  for (const category of categories) {
    for (const field of category.fields) if (!byKey.has(field.key)) byKey.set(field.key, field);
  }
  return [...byKey.values()];
}

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

/**
 * Folded name → `x_<key>`: each field's key, its labels in every language and its OpenStreetMap
 * tag (`Indoor`, `U zatvorenom`, `indoor` → `x_indoor`); the first field that claims a name keeps it.
 */
function fieldNames(fields: readonly GuessableField[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const field of fields) {
    const column = extraColumn(field.key);
    for (const name of [field.key, ...Object.values(field.label), field.osmKey ?? '']) {
      const folded = foldColumnName(name);
      if (folded !== '' && !names.has(folded)) names.set(folded, column);
    }
  }
  return names;
}

/**
 * The Karta column a file column probably is (exact name, then by folded name or synonym, then a
 * category field by its key, a label or its OpenStreetMap tag), or null. The place's own columns
 * come first, so a field labelled "Phone" never takes the phone number.
 */
export function guessColumn(name: string, fields: readonly GuessableField[] = []): ColumnTarget {
  return guessWith(name, fieldNames(fields));
}

function guessWith(name: string, fieldColumns: ReadonlyMap<string, string>): ColumnTarget {
  const trimmed = name.trim();
  if (isKartaColumn(trimmed)) return trimmed;
  const folded = foldColumnName(trimmed);
  const language = FOLDED_LANGUAGE_COLUMN.exec(folded);
  return (
    KNOWN_NAMES.get(folded) ??
    (language ? `${language[1]}_${language[2]}` : null) ??
    fieldColumns.get(folded) ??
    null
  );
}

/**
 * The automatic mapping of a header: each column to its guess, each Karta column taken once
 * (by the first column that matches it; later ones are left out, and can be chosen by hand).
 * `fields`: the site's category fields (`siteFields`), whose columns are `x_<key>`.
 */
export function autoMapColumns(
  header: readonly string[],
  fields: readonly GuessableField[] = [],
): ColumnMapping {
  const taken = new Set<string>();
  const fieldColumns = fieldNames(fields);
  return header.map((name) => {
    const target = guessWith(name, fieldColumns);
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

/**
 * What keeps a mapping from being used; both lists empty when it is complete. A file with an
 * address column needs no coordinates: its rows are placed by their address.
 */
export function mappingProblems(mapping: ColumnMapping): MappingProblems {
  const chosen = mapping.filter((target): target is string => target !== null);
  const covered = new Set(chosen.map(requiredTargetOf));
  const byAddress = chosen.includes('address');
  const missing = REQUIRED_TARGETS.filter(
    (target) => !covered.has(target) && !(byAddress && (target === 'lat' || target === 'lng')),
  );
  const repeated = [...new Set(chosen.filter((target, index) => chosen.indexOf(target) !== index))];
  return { missing, repeated };
}

/**
 * The Karta columns offered for a file: the documented ones for the site's `languages`, an
 * `x_<key>` per field of the site (`siteFields`), plus other languages and `x_` columns the file has.
 */
export function columnChoices(
  header: readonly string[],
  languages: readonly string[],
  fields: readonly Pick<CategoryField, 'key'>[] = [],
): string[] {
  const own = header
    .map((name) => name.trim())
    .filter((name) => LANGUAGE_COLUMN.test(name) || extraColumnKey(name) !== null);
  return [
    ...new Set<string>([
      ...csvColumns(languages),
      ...EXPORT_ONLY_COLUMNS,
      ...fields.map((field) => extraColumn(field.key)),
      ...own,
    ]),
  ];
}
