import type { CategoryField } from '@karta/contracts';
import type { TFunction } from 'i18next';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../../config/runtime-config.ts';
import { fieldLabel } from '../../../../lib/categories/field-values.ts';
import { loadAllMessages } from '../../../../lib/i18n/all-messages.ts';
import { languageNameIn } from '../../../../lib/i18n/locales.ts';
import { localizeText } from '../../../../lib/i18n/localize-text.ts';
import { definitionOf, type FieldDraft } from '../../utils/field-drafts.ts';

/** The most options a single choice shows as radio buttons in the place form; more are a list. */
const MAX_RADIO_OPTIONS = 5;

const inputLook =
  'block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-xs sm:text-sm';
const segment =
  'flex min-h-11 min-w-0 flex-1 cursor-pointer items-center justify-center rounded-md px-2 text-center text-sm font-medium text-gray-800 hover:bg-gray-100 has-[:checked]:bg-blue-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-700 has-[:focus-visible]:ring-offset-1';
const optionCard =
  'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border border-gray-200 bg-white px-3 py-2 text-sm text-gray-900 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50';

/**
 * An option's React key: its place in the list, as a value being typed may be empty or the same
 * as another's for a while (and keys must be unique for React to keep the list in step).
 */
const positionKey = (index: number) => `option-${index}`;

/** The place form's look of a field in one language: its label, help and control, worded in `t`'s language. */
function PreviewControl({
  field,
  language,
  fallbackLanguage,
  t,
}: {
  field: CategoryField;
  language: string;
  fallbackLanguage: string;
  t: TFunction;
}) {
  const id = useId();
  const name = fieldLabel(field, language, fallbackLanguage) || t('categories.fields.newField');
  const label = field.required ? t('categories.fields.previewWords.required', { label: name }) : name;
  const help = field.help ? localizeText(field.help, language, fallbackLanguage) : '';
  const helpId = help ? `${id}-help` : undefined;
  const offered = (field.options ?? []).filter((option) => !option.retired);
  const optionLabel = (option: (typeof offered)[number]) =>
    localizeText(option.label, language, fallbackLanguage) ||
    option.value ||
    t('categories.fields.newOption');
  const helpText = help && (
    <p id={helpId} className="mt-1.5 text-sm text-gray-600">
      {help}
    </p>
  );

  const group = (control: React.ReactNode) => (
    <fieldset aria-describedby={helpId} className="min-w-0">
      <legend className="block text-sm font-medium text-gray-900">{label}</legend>
      <div className="mt-1.5">{control}</div>
      {helpText}
    </fieldset>
  );
  const labelled = (control: React.ReactNode) => (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <div className="mt-1.5">{control}</div>
      {helpText}
    </div>
  );

  switch (field.type) {
    case 'boolean': {
      const choices = [
        ['yes', t('categories.fields.previewWords.yes')],
        ['no', t('categories.fields.previewWords.no')],
        ...(field.required ? [] : [['unset', t('categories.fields.previewWords.notSaid')]]),
      ];
      return group(
        <div className="flex w-full max-w-sm gap-0.5 rounded-lg border border-gray-300 bg-white p-0.5">
          {choices.map(([value, text]) => (
            <label key={value} className={segment}>
              <input type="radio" name={`${id}-choice`} value={value} className="sr-only" />
              {text}
            </label>
          ))}
        </div>,
      );
    }
    case 'enum':
      if (offered.length > MAX_RADIO_OPTIONS) {
        return labelled(
          <select id={id} aria-describedby={helpId} className={inputLook} defaultValue="">
            <option value="">
              {t(
                field.required
                  ? 'categories.fields.previewWords.choose'
                  : 'categories.fields.previewWords.notSaid',
              )}
            </option>
            {offered.map((option, index) => (
              <option key={positionKey(index)} value={option.value}>
                {optionLabel(option)}
              </option>
            ))}
          </select>,
        );
      }
      return group(
        <div className="grid gap-2">
          {[
            ...offered.map((option, index) => ({
              key: positionKey(index),
              value: option.value,
              text: optionLabel(option),
            })),
            ...(field.required
              ? []
              : [{ key: 'unset', value: '', text: t('categories.fields.previewWords.notSaid') }]),
          ].map((choice) => (
            <label key={choice.key} className={optionCard}>
              <input
                type="radio"
                name={`${id}-choice`}
                value={choice.value}
                className="size-4 shrink-0 accent-blue-700"
              />
              <span className="min-w-0 break-words">{choice.text}</span>
            </label>
          ))}
        </div>,
      );
    case 'multi_enum':
      return group(
        <div className="grid gap-2">
          {offered.map((option, index) => (
            <label key={positionKey(index)} className={optionCard}>
              <input type="checkbox" value={option.value} className="size-4 shrink-0 accent-blue-700" />
              <span className="min-w-0 break-words">{optionLabel(option)}</span>
            </label>
          ))}
        </div>,
      );
    case 'number':
    case 'integer':
      return labelled(
        <div className="flex items-center gap-2">
          <input
            id={id}
            type="number"
            min={field.min}
            max={field.max}
            step={field.type === 'integer' ? 1 : 'any'}
            aria-describedby={helpId}
            className={`${inputLook} max-w-[9rem] tabular-nums`}
          />
          {field.unit && <span className="text-sm text-gray-700">{field.unit}</span>}
        </div>,
      );
    case 'longtext':
      return labelled(
        <textarea id={id} rows={3} aria-describedby={helpId} className={`${inputLook} py-2`} />,
      );
    default: {
      const type = { text: 'text', url: 'url', phone: 'tel', date: 'date' }[field.type];
      return labelled(
        <input
          id={id}
          type={type}
          aria-describedby={helpId}
          className={`${inputLook} ${field.type === 'date' ? 'max-w-[12rem]' : ''}`}
        />,
      );
    }
  }
}

/** Enter in a preview's box would send the category's form: the preview is for trying, not saving. */
function keepEnterIn(event: KeyboardEvent) {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}

/**
 * A field as the place form will show it, once in each of the site's languages (side by side
 * from tablets up), worded in that language, so a moderator sees a missing translation before
 * visitors do. The controls can be tried; nothing in them is sent.
 */
export function FieldPreview({ draft }: { draft: FieldDraft }) {
  const { t, i18n } = useTranslation();
  const { languages, defaultLanguage } = useRuntimeConfig();
  const [, setLoaded] = useState(0);
  const field = definitionOf(draft);

  // Each column speaks its own language: the messages of one the reader is not using come now.
  useEffect(() => {
    let live = true;
    for (const language of languages) {
      loadAllMessages(i18n, language).then(
        () => live && setLoaded((count) => count + 1),
        () => {},
      );
    }
    return () => {
      live = false;
    };
  }, [i18n, languages]);

  return (
    <div data-testid="field-preview">
      <h5 className="text-sm font-semibold text-gray-900">{t('categories.fields.preview')}</h5>
      <p className="text-xs text-gray-600">{t('categories.fields.previewHint')}</p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only keeps Enter in its boxes from sending the form around it */}
      <div className="mt-2 grid gap-3 sm:grid-cols-2" onKeyDown={keepEnterIn}>
        {languages.map((language) => (
          <fieldset
            key={language}
            data-testid="field-preview-language"
            data-language={language}
            className="min-w-0 rounded-lg border border-dashed border-gray-300 bg-white p-3"
          >
            <legend className="px-1 text-xs font-semibold tracking-wide text-gray-600 uppercase">
              {languageNameIn(language, i18n.language)}
            </legend>
            {!field.label[language] && Object.keys(field.label).length > 0 && (
              <p
                data-testid="preview-fallback"
                className="mb-2 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900"
              >
                {t('categories.fields.previewFallback', {
                  language: languageNameIn(language, i18n.language),
                })}
              </p>
            )}
            <div lang={language}>
              <PreviewControl
                field={field}
                language={language}
                fallbackLanguage={defaultLanguage}
                t={i18n.getFixedT(language)}
              />
            </div>
          </fieldset>
        ))}
      </div>
    </div>
  );
}
