import type { FieldFilterParam } from '@karta/contracts';
import type { OfferedField, OfferedGroup } from './offered-filters.ts';

/** Words the caller gives in the UI language (`t('filters.…')`), so this module needs no i18n. */
export interface SummaryWords {
  yes: string;
  no: string;
  from(min: string): string;
  upTo(max: string): string;
  between(min: string, max: string): string;
  /** Numbers and dates are written in this locale. */
  locale: string;
}

/** One active filter in words: "Access: Public, Customers only", "Indoor: Yes", "Floor: from 1". */
export interface FilterSummary {
  key: string;
  field: string;
  value: string;
}

function boundText(field: OfferedField | undefined, raw: string, locale: string): string {
  if (field?.type === 'date') {
    const date = new Date(`${raw}T00:00:00Z`);
    return Number.isNaN(date.getTime())
      ? raw
      : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  }
  const number = Number(raw);
  const text = Number.isFinite(number) ? new Intl.NumberFormat(locale).format(number) : raw;
  return field?.unit ? `${text} ${field.unit}` : text;
}

/** The active filters in the panel's order (by group, then field), each in words. */
export function filterSummaries(
  filters: readonly FieldFilterParam[],
  groups: readonly OfferedGroup[],
  words: SummaryWords,
): FilterSummary[] {
  const fields = groups.flatMap((group) => group.fields);
  const order = (key: string) => {
    const index = fields.findIndex((field) => field.key === key);
    return index === -1 ? fields.length : index;
  };
  return [...filters]
    .sort((a, b) => order(a.key) - order(b.key))
    .map((filter) => {
      const field = fields.find((candidate) => candidate.key === filter.key);
      // Choices in the field's order, as the panel shows them.
      const rank = (value: string) => {
        const index = field?.options.findIndex((option) => option.value === value) ?? -1;
        return index === -1 ? Number.MAX_SAFE_INTEGER : index;
      };
      const parts: string[] = [...filter.values]
        .sort((a, b) => rank(a) - rank(b))
        .map((value) => {
          if (field?.type === 'boolean') return value === 'true' ? words.yes : words.no;
          return field?.options.find((option) => option.value === value)?.label ?? value;
        });
      const min = filter.min === undefined ? undefined : boundText(field, filter.min, words.locale);
      const max = filter.max === undefined ? undefined : boundText(field, filter.max, words.locale);
      if (min !== undefined && max !== undefined) parts.push(words.between(min, max));
      else if (min !== undefined) parts.push(words.from(min));
      else if (max !== undefined) parts.push(words.upTo(max));
      return { key: filter.key, field: field?.label ?? filter.key, value: parts.join(', ') };
    });
}
