import { extraColumnKey, type FieldIssue, type FieldIssueCode } from '@karta/contracts';
import type { TFunction } from 'i18next';

/** A refused row's problem in the reader's language; `original` is the server's words when they add detail. */
export interface IssueText {
  text: string;
  original?: string;
}

/** The server's messages about a whole row or its links, which name what is wrong exactly. */
const KNOWN_MESSAGES: ((t: TFunction, message: string) => string | null)[] = [
  (t, message) => {
    const match = /^There is no category "(.*)"$/.exec(message);
    return match ? t('importer.issues.unknownCategory', { category: match[1] ?? '' }) : null;
  },
  (t, message) => {
    const match = /^Row (\d+) has the same externalId$/.exec(message);
    return match ? t('importer.issues.repeatedId', { row: Number(match[1]) }) : null;
  },
  (t, message) => {
    const match = /^Expected (\d+) cells as in the header, found (\d+)$/.exec(message);
    return match
      ? t('importer.issues.cellCount', { expected: Number(match[1]), found: Number(match[2]) })
      : null;
  },
  (t, message) => (message === 'Expected a GeoJSON Feature' ? t('importer.issues.notFeature') : null),
  (t, message) => {
    const match = /^Expected a Point, found (.*)$/.exec(message);
    if (!match) return null;
    return match[1] === 'no geometry'
      ? t('importer.issues.noGeometry')
      : t('importer.issues.notPoint', { found: match[1] ?? '' });
  },
  (t, message) => (message === 'Expected [longitude, latitude]' ? t('importer.issues.coordinates') : null),
  (t, message) => (/^There is no name in /.test(message) ? t('importer.issues.primaryLanguage') : null),
];

/** What each column must hold, said when the server's message is a generic validation one. */
const FIELD_RULES = {
  externalId: 'importer.rules.externalId',
  category: 'importer.rules.category',
  name: 'importer.rules.name',
  description: 'importer.rules.description',
  lat: 'importer.rules.lat',
  lng: 'importer.rules.lng',
  radius: 'importer.rules.radius',
  locationPrivacy: 'importer.rules.locationPrivacy',
  primaryLanguage: 'importer.rules.primaryLanguage',
  address: 'importer.rules.address',
  phone: 'importer.rules.phone',
  email: 'importer.rules.email',
  website: 'importer.rules.website',
  properties: 'importer.rules.properties',
  extra: 'importer.rules.extra',
} as const;

/**
 * What the values rule (`checkExtra`) says of a category field's value, by its code; `{min}`,
 * `{max}` from the issue's params. The server's words go beside it: they name the value found.
 */
const VALUE_ISSUES = {
  unknown_field: 'importer.values.unknownField',
  not_an_option: 'importer.values.notAnOption',
  retired_option: 'importer.values.retiredOption',
  too_small: 'importer.values.tooSmall',
  too_large: 'importer.values.tooLarge',
  too_long: 'importer.values.tooLong',
  required: 'importer.values.required',
  invalid: 'importer.values.invalid',
  invalid_characters: 'importer.values.invalidCharacters',
} as const satisfies Partial<Record<FieldIssueCode, string>>;

/** Whether a path names a category field's value: `x_<key>` (CSV) or `extra.<key>` (GeoJSON). */
const isValuePath = (path: string) => extraColumnKey(path) !== null || /^extra\../.test(path);

/** The message key of a value's issue, or null for any other issue. */
function valueIssueKey(issue: FieldIssue) {
  if (!issue.code || !isValuePath(issue.path) || !(issue.code in VALUE_ISSUES)) return null;
  return VALUE_ISSUES[issue.code as keyof typeof VALUE_ISSUES];
}

/** The rule a column's path falls under: `name_hr` → `name`, `description_en` → `description`. */
function ruleOf(path: string): keyof typeof FIELD_RULES | null {
  const field = path.replace(/_[a-z]{2}$/, '').split('.')[0] ?? '';
  return field in FIELD_RULES ? (field as keyof typeof FIELD_RULES) : null;
}

/**
 * A refused row's issue as text: the server's known row messages translated with their values;
 * otherwise what the column must hold, in the reader's language, with the server's own words
 * beside it (they say exactly what was found); otherwise the server's words alone.
 */
export function issueText(t: TFunction, issue: FieldIssue): IssueText {
  for (const known of KNOWN_MESSAGES) {
    const text = known(t, issue.message);
    if (text !== null) return { text };
  }
  const valueIssue = valueIssueKey(issue);
  if (valueIssue) {
    const params = { min: issue.params?.minimum, max: issue.params?.maximum };
    return { text: t(valueIssue, params), original: issue.message };
  }
  const rule = ruleOf(issue.path);
  if (rule === null) return { text: issue.message };
  return { text: t(FIELD_RULES[rule]), original: issue.message };
}
