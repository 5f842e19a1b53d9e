import { type CategoryField, extraColumnKey } from '@karta/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { fieldLabel } from '../../../lib/categories/field-values.ts';
import {
  type ColumnMapping,
  type ColumnTarget,
  columnChoices,
  type MappingProblems,
  requiredTargetOf,
} from '../utils/column-mapping.ts';

interface ColumnMappingTableProps {
  header: readonly string[];
  sample: readonly string[];
  mapping: ColumnMapping;
  problems: MappingProblems;
  /** The site's category fields (`siteFields`), whose values a column may hold as `x_<key>`. */
  fields: readonly CategoryField[];
  onChange(index: number, target: ColumnTarget): void;
}

/** Which value of the select stands for "leave this column out" (a Karta column is never empty). */
const IGNORE = '';

/**
 * Each column of the file, a sample value from its first row, and the Karta column it is read as
 * (or left out). Required Karta columns are marked, and what is missing or chosen twice is said
 * above the table, so the file is checked only once it can be read.
 */
export function ColumnMappingTable({
  header,
  sample,
  mapping,
  problems,
  fields,
  onChange,
}: ColumnMappingTableProps) {
  const { t, i18n } = useTranslation();
  const problemsId = useId();
  const { languages } = useRuntimeConfig();
  const choices = columnChoices(header, languages, fields);
  // The place's own columns, then the category fields' values under a heading of their own.
  const placeChoices = choices.filter((choice) => extraColumnKey(choice) === null);
  const fieldChoices = choices.filter((choice) => extraColumnKey(choice) !== null);
  const byKey = new Map(fields.map((field) => [field.key, field]));
  /** `x_indoor (Indoor)`: the column with its field's label in the reader's language. */
  const fieldChoiceText = (column: string) => {
    const field = byKey.get(extraColumnKey(column) ?? '');
    return field
      ? t('importer.mapping.fieldChoice', { column, label: fieldLabel(field, i18n.language, languages[0]) })
      : column;
  };
  const hasProblems = problems.missing.length > 0 || problems.repeated.length > 0;
  const listFormat = new Intl.ListFormat(i18n.language, { type: 'conjunction' });

  return (
    <div data-testid="import-mapping">
      <p className="text-sm text-gray-700">{t('importer.mapping.intro')}</p>
      <div aria-live="polite">
        {hasProblems && (
          <div
            id={problemsId}
            data-testid="import-mapping-problems"
            className="mt-3 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <div className="space-y-1">
              {problems.missing.length > 0 && (
                <p>
                  {t('importer.mapping.missing', {
                    columns: listFormat.format(
                      problems.missing.map((target) => t(`importer.mapping.required.${target}`)),
                    ),
                  })}
                </p>
              )}
              {problems.repeated.length > 0 && (
                <p>{t('importer.mapping.repeated', { columns: listFormat.format(problems.repeated) })}</p>
              )}
            </div>
          </div>
        )}
      </div>
      <div className="mt-3 overflow-x-auto rounded-lg border border-gray-200">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">{t('importer.mapping.caption')}</caption>
          <thead className="bg-gray-50 text-xs font-semibold text-gray-700">
            <tr>
              <th scope="col" className="w-2/5 px-3 py-2 sm:w-1/3">
                {t('importer.mapping.fileColumn')}
              </th>
              {/* Under 640 px the sample stands under the column's name instead. */}
              <th scope="col" className="hidden w-1/3 px-3 py-2 sm:table-cell">
                {t('importer.mapping.sample')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('importer.mapping.kartaColumn')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {header.map((column, index) => {
              const target = mapping[index] ?? null;
              const selectId = `${problemsId}-column-${index}`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions in the file; names may repeat
                <tr key={index} data-testid="import-mapping-row" data-column={column}>
                  <th scope="row" className="px-3 py-2 font-medium break-words text-gray-900">
                    <label htmlFor={selectId}>
                      {column.trim() === '' ? t('importer.mapping.unnamed') : column}
                    </label>
                    <span className="mt-0.5 block truncate text-xs font-normal text-gray-600 sm:hidden">
                      {sample[index]}
                    </span>
                  </th>
                  <td className="hidden truncate px-3 py-2 text-gray-600 sm:table-cell" title={sample[index]}>
                    {sample[index] || (
                      <span className="text-gray-500 italic">{t('importer.mapping.emptySample')}</span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <select
                      id={selectId}
                      data-testid="import-mapping-select"
                      value={target ?? IGNORE}
                      aria-describedby={hasProblems ? problemsId : undefined}
                      onChange={(event) =>
                        onChange(index, event.target.value === IGNORE ? null : event.target.value)
                      }
                      className={`h-9 w-full rounded-lg border bg-white px-2 text-sm ${
                        target === null ? 'border-gray-300 text-gray-600' : 'border-gray-400 text-gray-900'
                      }`}
                    >
                      <option value={IGNORE}>{t('importer.mapping.ignore')}</option>
                      {placeChoices.map((choice) => (
                        <option key={choice} value={choice}>
                          {requiredTargetOf(choice)
                            ? t('importer.mapping.requiredChoice', { column: choice })
                            : choice}
                        </option>
                      ))}
                      {fieldChoices.length > 0 && (
                        <optgroup label={t('importer.mapping.fieldsGroup')}>
                          {fieldChoices.map((choice) => (
                            <option key={choice} value={choice}>
                              {fieldChoiceText(choice)}
                            </option>
                          ))}
                        </optgroup>
                      )}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-gray-600">{t('importer.mapping.requiredNote')}</p>
    </div>
  );
}
