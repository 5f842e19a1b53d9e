import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { fieldOf } from '../../../lib/categories/field-values.ts';
import { languageNameIn } from '../../../lib/i18n/locales.ts';
import {
  type CategoryNameOf,
  extraLabel,
  type FieldsOfCategory,
  formatExtraValue,
  formatFieldValue,
} from '../utils/format-value.ts';
import type { DiffRow, PendingChanges } from '../utils/pending-changes.ts';

interface PlaceDiffProps {
  changes: PendingChanges;
  categoryNameOf: CategoryNameOf;
  /** The place's category, whose fields name and read its own values. */
  category: FieldsOfCategory;
}

/**
 * A row's label: the field, and for names and descriptions the language by its name in the
 * interface language ("Name (Croatian)", "Naziv (hrvatski)"), never its code; a category field by
 * its label in the reader's language, or by its key when the category no longer knows it.
 */
function useRowLabel(category: FieldsOfCategory) {
  const { t, i18n } = useTranslation();
  const { languages } = useRuntimeConfig();
  return (row: DiffRow) => {
    if (row.field === 'extra') return extraLabel(category, row.key, i18n.language, languages[0]);
    const field = t(`review.fields.${row.field}`);
    return row.language
      ? t('review.diff.fieldInLanguage', { field, language: languageNameIn(row.language, i18n.language) })
      : field;
  };
}

function Value({
  value,
  testId,
  tone,
}: {
  value: string | null;
  testId: string;
  tone: 'before' | 'after' | 'new';
}) {
  const { t } = useTranslation();
  const box =
    tone === 'before'
      ? 'border-red-200 bg-red-50 text-red-950'
      : 'border-green-200 bg-green-50 text-green-950';
  return (
    <div className="min-w-0">
      {tone !== 'new' && (
        <p className="mb-1 text-xs font-medium text-gray-600">
          {tone === 'before' ? t('review.diff.before') : t('review.diff.after')}
        </p>
      )}
      <p
        data-testid={testId}
        className={`min-h-9 rounded-md border px-2.5 py-1.5 text-sm break-words whitespace-pre-wrap ${box}`}
      >
        {value ?? <span className="text-gray-600 italic">{t('review.diff.empty')}</span>}
      </p>
    </div>
  );
}

/**
 * The change a moderator judges, field by field with the value before and after side by side
 * (stacked on phones). Every value is user text, so it is rendered as text, never as markup.
 */
export function PlaceDiff({ changes, categoryNameOf, category }: PlaceDiffProps) {
  const { t, i18n } = useTranslation();
  const { languages } = useRuntimeConfig();
  const labelOf = useRowLabel(category);
  const format = (row: DiffRow, value: unknown) =>
    row.field === 'extra'
      ? formatExtraValue(fieldOf(category, row.key), value, t, i18n.language, languages[0])
      : formatFieldValue(row.field, value, t, i18n.language, categoryNameOf);

  if (changes.rows.length === 0) {
    return (
      <p data-testid="place-diff" data-kind="none" className="text-sm text-gray-600">
        {t('review.diff.noChanges')}
      </p>
    );
  }
  return (
    <div data-testid="place-diff" data-kind={changes.kind}>
      <ul className="space-y-3">
        {changes.rows.map((row) => {
          const key =
            row.field === 'extra'
              ? `extra.${row.key}`
              : row.language
                ? `${row.field}.${row.language}`
                : row.field;
          return (
            <li key={key} data-testid="diff-row" data-field={key}>
              <p className="mb-1 text-sm font-semibold text-gray-900">{labelOf(row)}</p>
              {/* A new proposal has nothing before: an empty column beside every field would only
                  double the length of the page. */}
              {changes.kind === 'new' ? (
                <Value value={format(row, row.after)} testId="diff-after" tone="new" />
              ) : (
                <div className="grid gap-2 sm:grid-cols-2">
                  <Value value={format(row, row.before)} testId="diff-before" tone="before" />
                  <Value value={format(row, row.after)} testId="diff-after" tone="after" />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
