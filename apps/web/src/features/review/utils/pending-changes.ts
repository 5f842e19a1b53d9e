import { everyPlaceField, type PlaceHistoryEntry } from '@karta/contracts';

/**
 * The fields a diff shows, in the order a reader checks them: every place field (the type check
 * fails when the contracts gain one this list does not name, so no change escapes the moderators).
 */
export const DIFF_FIELDS = everyPlaceField([
  'name',
  'description',
  'categoryId',
  'primaryLanguage',
  'lat',
  'lng',
  'radius',
  'locationPrivacy',
  'address',
  'phone',
  'email',
  'website',
  'openingHours',
]);
export type DiffField = (typeof DIFF_FIELDS)[number];

/** One changed value: a field, or one language of a name or description. */
export interface PlaceDiffRow {
  field: DiffField;
  /** The language, for names and descriptions. */
  language?: string;
  before: unknown;
  after: unknown;
}

/** One changed value of the category's own fields (`extra.<key>` in the history). */
export interface ExtraDiffRow {
  field: 'extra';
  /** The category field's key. */
  key: string;
  before: unknown;
  after: unknown;
}

export type DiffRow = PlaceDiffRow | ExtraDiffRow;

/** The history's name for a change of the category field `key`'s value. */
const EXTRA_PREFIX = 'extra.';

/** The category field's key of a history entry's change (`extra.indoor` → `indoor`); null for other fields. */
export function extraKeyOf(change: string): string | null {
  return change.startsWith(EXTRA_PREFIX) && change.length > EXTRA_PREFIX.length
    ? change.slice(EXTRA_PREFIX.length)
    : null;
}

export interface PendingChanges {
  /** `new`: never decided on, every field is new; `changed`: edited since the last decision. */
  kind: 'new' | 'changed';
  /** The last decision (published or rejected) the changes are measured from; null for `new`. */
  since: PlaceHistoryEntry | null;
  rows: DiffRow[];
}

const DECISIONS = new Set(['published', 'rejected']);
const PER_LANGUAGE = new Set<DiffField>(['name', 'description']);

/** Whether two JSON values are the same (key order aside). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isEmpty(a) && isEmpty(b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) =>
    sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

function asTexts(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * What a moderator has to judge: the fields changed since the last decision (the last `published`
 * or `rejected` entry), each from its value then to its value now; for a place never decided on,
 * every field it has, as new. Names and descriptions are compared language by language; the
 * category's own fields come after the place's, one row each, in `extraOrder` (the category's
 * order of its keys), then any other key as the history names it.
 */
export function pendingChanges(
  history: readonly PlaceHistoryEntry[],
  extraOrder: readonly string[] = [],
): PendingChanges {
  const lastDecision = history.findLastIndex((entry) => DECISIONS.has(entry.action));
  const since = lastDecision === -1 ? null : (history[lastDecision] ?? null);
  const folded = new Map<string, { from: unknown; to: unknown }>();
  for (const entry of history.slice(lastDecision + 1)) {
    for (const [field, change] of Object.entries(entry.changes)) {
      const seen = folded.get(field);
      folded.set(field, { from: seen ? seen.from : change.from, to: change.to });
    }
  }

  const rows: DiffRow[] = [];
  for (const field of DIFF_FIELDS) {
    const change = folded.get(field);
    if (!change || sameValue(change.from, change.to)) continue;
    if (!PER_LANGUAGE.has(field)) {
      rows.push({ field, before: change.from, after: change.to });
      continue;
    }
    const before = asTexts(change.from);
    const after = asTexts(change.to);
    const languages = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    for (const language of languages) {
      if (sameValue(before[language], after[language])) continue;
      rows.push({ field, language, before: before[language] ?? null, after: after[language] ?? null });
    }
  }
  const extraKeys = [...folded.keys()].flatMap((change) => extraKeyOf(change) ?? []);
  const rank = (key: string) => {
    const index = extraOrder.indexOf(key);
    return index === -1 ? extraOrder.length : index;
  };
  // A stable sort: keys the category no longer knows keep the history's order, after its own.
  for (const key of extraKeys.sort((a, b) => rank(a) - rank(b))) {
    const change = folded.get(`${EXTRA_PREFIX}${key}`);
    if (!change || sameValue(change.from, change.to)) continue;
    rows.push({ field: 'extra', key, before: change.from, after: change.to });
  }
  return { kind: since ? 'changed' : 'new', since, rows };
}
