import type { ImportSourceOnMissing } from '@karta/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { FieldMessages } from '../../../components/ui/field-messages.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useAccountForm } from '../../../hooks/use-account-form.ts';
import { useCategories } from '../../../lib/categories/get-categories.ts';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { isWebAddress } from '../../../lib/forms/web-address.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { useCreateImportSource } from '../api/import-sources.ts';
import {
  EVERY_HOURS,
  everyHoursOf,
  type SourceFormField,
  sourceFormProblems,
} from '../utils/source-form-problems.ts';

const FIELDS: readonly SourceFormField[] = [
  'name',
  'url',
  'format',
  'category',
  'everyHours',
  'onMissing',
  'trusted',
];
const SELECT =
  'mt-1.5 block h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-xs hover:border-gray-400 sm:max-w-xs sm:text-sm';

/**
 * Adds a scheduled import (docs/decisions/033-scheduled-imports.md): a name, the list's address,
 * its format, the category of rows that name none, how often, what happens to places gone from
 * the list, and whether its places are published at once (trusted) or wait for review.
 */
export function CreateSourceForm({ onCreated }: { onCreated(name: string): void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateImportSource();
  const categories = useCategories();
  const form = useAccountForm({
    fields: FIELDS,
    initialValues: { format: 'csv', everyHours: '24', onMissing: 'keep', trusted: '' },
    validate: sourceFormProblems,
    clearOnSuccess: true,
    send: async (values) => {
      const created = await create.mutateAsync({
        name: values.name.trim(),
        url: values.url.trim(),
        format: values.format === 'geojson' ? 'geojson' : 'csv',
        category: values.category,
        everyHours: everyHoursOf(values.everyHours) ?? EVERY_HOURS.min,
        onMissing: values.onMissing as ImportSourceOnMissing,
        trusted: values.trusted === 'true',
      });
      onCreated(created.name);
    },
  });
  const ids = { format: useId(), category: useId(), onMissing: useId() };
  const problem = form.problemOf;
  const urlProblem = problem('url');
  const urlMessage =
    urlProblem &&
    (urlProblem.code === 'required'
      ? t('importSources.form.urlRequired')
      : isWebAddress(form.values.url.trim())
        ? t('importSources.form.urlRefused')
        : t('importSources.form.urlInvalid'));
  const format = form.fieldProps('format');
  const category = form.fieldProps('category');
  const onMissing = form.fieldProps('onMissing');
  const trusted = form.fieldProps('trusted');

  return (
    <form ref={form.formRef} noValidate onSubmit={form.onSubmit} data-testid="create-import-source-form">
      <FormAlert message={form.formError ? formErrorMessage(t, form.formError) : null} />
      <div className="space-y-5">
        <TextField
          {...form.fieldProps('name')}
          autoComplete="off"
          label={t('importSources.form.name')}
          error={problem('name') && t('importSources.form.nameRequired')}
        />
        <TextField
          {...form.fieldProps('url')}
          autoComplete="url"
          label={t('importSources.form.url')}
          hint={t('importSources.form.urlHint')}
          error={urlMessage}
        />
        <div>
          <label htmlFor={ids.format} className="block text-sm font-medium text-gray-900">
            {t('importSources.form.format')}
          </label>
          <select
            id={ids.format}
            name="format"
            value={format.value}
            onChange={(event) => format.onChange(event.target.value)}
            onBlur={format.onBlur}
            className={SELECT}
          >
            <option value="csv">CSV</option>
            <option value="geojson">GeoJSON</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.category} className="block text-sm font-medium text-gray-900">
            {t('importSources.form.category')}
          </label>
          <select
            id={ids.category}
            name="category"
            value={category.value}
            onChange={(event) => category.onChange(event.target.value)}
            onBlur={category.onBlur}
            aria-invalid={problem('category') ? true : undefined}
            aria-describedby={`${ids.category}-hint ${ids.category}-error`}
            className={SELECT}
          >
            <option value="">{t('importSources.form.chooseCategory')}</option>
            {categories.data?.map((known) => (
              <option key={known.id} value={known.slug}>
                {localizeText(known.name, i18n.language)}
              </option>
            ))}
          </select>
          <FieldMessages
            field="category"
            hint={t('importSources.form.categoryHint')}
            hintId={`${ids.category}-hint`}
            error={
              problem('category') &&
              t(
                problem('category')?.code === 'required'
                  ? 'importSources.form.categoryRequired'
                  : 'importSources.form.categoryGone',
              )
            }
            errorId={`${ids.category}-error`}
          />
        </div>
        <TextField
          {...form.fieldProps('everyHours')}
          autoComplete="off"
          label={t('importSources.form.everyHours')}
          hint={t('importSources.form.everyHoursHint', EVERY_HOURS)}
          error={problem('everyHours') && t('importSources.form.everyHoursInvalid', EVERY_HOURS)}
        />
        <fieldset>
          <legend className="text-sm font-medium text-gray-900">{t('importSources.form.onMissing')}</legend>
          <div className="mt-2 space-y-2">
            {(['keep', 'archive'] as const).map((choice) => (
              <label
                key={choice}
                className="flex items-start gap-3 rounded-lg border border-gray-200 px-3 py-2.5 hover:bg-gray-50"
              >
                <input
                  type="radio"
                  name="onMissing"
                  value={choice}
                  checked={onMissing.value === choice}
                  onChange={() => onMissing.onChange(choice)}
                  className="mt-0.5 size-5 shrink-0 accent-blue-700"
                />
                <span className="min-w-0 text-sm text-gray-900">
                  {t(`importSources.onMissing.${choice}`)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-start gap-3 rounded-lg border border-gray-200 px-3 py-2.5 hover:bg-gray-50">
          <input
            type="checkbox"
            name="trusted"
            checked={trusted.value === 'true'}
            onChange={(event) => trusted.onChange(event.target.checked ? 'true' : '')}
            className="mt-0.5 size-5 shrink-0 accent-blue-700"
          />
          <span className="min-w-0">
            <span className="block text-sm font-medium text-gray-900">{t('importSources.form.trusted')}</span>
            <span className="block text-sm text-gray-600">{t('importSources.form.trustedHint')}</span>
          </span>
        </label>
        <SubmitButton
          sending={form.sending}
          busy={t('importSources.form.adding')}
          testId="create-import-source-submit"
          className="w-full sm:w-auto"
        >
          {t('importSources.form.add')}
        </SubmitButton>
      </div>
    </form>
  );
}
