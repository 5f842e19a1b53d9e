import type { CategoryField, ExtraValue } from '@karta/contracts';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { fieldLabel, optionView } from '../../../lib/categories/field-values.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import type { PlaceField } from '../../../lib/places/place-form-values.ts';
import type { PlaceForm } from '../hooks/use-place-form.ts';
import { MAX_RADIO_OPTIONS, type ShownOption, shownOptions, toggledChoice } from '../utils/field-options.ts';
import { ChoiceFrame } from './choice-frame.tsx';
import { FieldFrame, inputClass } from './field-frame.tsx';

/** The HTML input of each one-line type. */
const INPUT_TYPES = {
  text: { type: 'text', inputMode: 'text' },
  url: { type: 'url', inputMode: 'url' },
  phone: { type: 'tel', inputMode: 'tel' },
  date: { type: 'date', inputMode: undefined },
} as const;

/**
 * The keyboard a number field asks phones for: digits only (and a decimal separator for `number`)
 * where no negative value is allowed; otherwise the browser's own for numbers, which has a minus
 * sign (iOS's digit pads have none).
 */
function numberInputMode(field: CategoryField): 'numeric' | 'decimal' | undefined {
  if (field.min === undefined || field.min < 0) return undefined;
  return field.type === 'integer' ? 'numeric' : 'decimal';
}

/** The words of a field: its label (marked when required), its help, and an option's label. */
function useFieldWords(field: CategoryField) {
  const { t, i18n } = useTranslation();
  const { defaultLanguage } = useRuntimeConfig();
  const name = fieldLabel(field, i18n.language, defaultLanguage);
  const help = field.help ? localizeText(field.help, i18n.language, defaultLanguage) : '';
  const optionLabel = (option: ShownOption) => {
    const { label } = optionView(field, option.value, i18n.language, defaultLanguage);
    return option.retired || option.unknown ? t('placeEditor.fields.retiredOption', { label }) : label;
  };
  return {
    label: field.required ? t('placeEditor.fields.required', { label: name }) : name,
    hint: help || undefined,
    optionLabel,
  };
}

interface CategoryFieldInputProps {
  field: CategoryField;
  form: PlaceForm;
}

/**
 * One field of the place's category in the form, as its type asks: text, a number with its unit,
 * yes/no, a choice, several choices, a date, an address or a phone number. Its value goes to the
 * form's `extra`; what the values rule finds wrong shows beside it.
 */
export function CategoryFieldInput({ field, form }: CategoryFieldInputProps) {
  switch (field.type) {
    case 'boolean':
      return <YesNoInput field={field} form={form} />;
    case 'enum':
      return <SingleChoiceInput field={field} form={form} />;
    case 'multi_enum':
      return <MultipleChoiceInput field={field} form={form} />;
    case 'number':
    case 'integer':
      return <NumberInput field={field} form={form} />;
    case 'longtext':
      return <LongTextInput field={field} form={form} />;
    default:
      return <LineInput field={field} form={form} type={field.type} />;
  }
}

const pathOf = (field: CategoryField): PlaceField => `extra.${field.key}`;

/** A one-line value: text, a web address, a phone number or a date. */
function LineInput({ field, form, type }: CategoryFieldInputProps & { type: keyof typeof INPUT_TYPES }) {
  const words = useFieldWords(field);
  const path = pathOf(field);
  const value = form.values.extra[field.key];
  const input = INPUT_TYPES[type];
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    // A date typed halfway is no value to the browser: said so, rather than dropped unseen.
    const half = type === 'date' && event.target.validity.badInput;
    form.setUnfinishedProblem(path, half ? { code: 'date' } : null);
    form.setExtra(field.key, event.target.value === '' ? undefined : event.target.value);
  };
  return (
    <FieldFrame field={path} label={words.label} hint={words.hint} problem={form.problemOf(path)}>
      {(control) => (
        <input
          {...control}
          value={typeof value === 'string' ? value : ''}
          onChange={change}
          onBlur={() => form.touch(path)}
          type={input.type}
          inputMode={input.inputMode}
          required={field.required}
          autoComplete="off"
          className={`${inputClass(Boolean(control['aria-invalid']))} h-11 ${type === 'date' ? 'max-w-[12rem]' : ''}`}
        />
      )}
    </FieldFrame>
  );
}

function LongTextInput({ field, form }: CategoryFieldInputProps) {
  const words = useFieldWords(field);
  const path = pathOf(field);
  const value = form.values.extra[field.key];
  return (
    <FieldFrame field={path} label={words.label} hint={words.hint} problem={form.problemOf(path)}>
      {(control) => (
        <textarea
          {...control}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) =>
            form.setExtra(field.key, event.target.value === '' ? undefined : event.target.value)
          }
          onBlur={() => form.touch(path)}
          required={field.required}
          rows={3}
          className={`${inputClass(Boolean(control['aria-invalid']))} py-2`}
        />
      )}
    </FieldFrame>
  );
}

/** A number with its bounds and its unit after it; a whole number steps by 1. */
function NumberInput({ field, form }: CategoryFieldInputProps) {
  const words = useFieldWords(field);
  const path = pathOf(field);
  const unitId = useId();
  const value = form.values.extra[field.key];
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    // What the browser cannot read as a number ("1e") has no value: said so, rather than dropped.
    const unreadable = event.target.validity.badInput;
    form.setUnfinishedProblem(
      path,
      unreadable ? { code: field.type === 'integer' ? 'wholeNumber' : 'number' } : null,
    );
    const text = event.target.value;
    form.setExtra(field.key, text === '' ? undefined : Number(text));
  };
  return (
    <FieldFrame field={path} label={words.label} hint={words.hint} problem={form.problemOf(path)}>
      {(control) => (
        <div className="flex items-center gap-2">
          <input
            {...control}
            aria-describedby={
              // The unit first: "m", then the help and the problem.
              [field.unit ? unitId : null, control['aria-describedby']].filter(Boolean).join(' ') || undefined
            }
            value={typeof value === 'number' ? String(value) : ''}
            onChange={change}
            onBlur={() => form.touch(path)}
            type="number"
            inputMode={numberInputMode(field)}
            min={field.min}
            max={field.max}
            step={field.type === 'integer' ? 1 : 'any'}
            required={field.required}
            className={`${inputClass(Boolean(control['aria-invalid']))} h-11 max-w-[9rem] tabular-nums`}
          />
          {field.unit && (
            <span id={unitId} className="text-sm text-gray-700">
              {field.unit}
            </span>
          )}
        </div>
      )}
    </FieldFrame>
  );
}

/**
 * The look of one segment of a yes/no choice, its radio button hidden but focusable: as wide as
 * its words (on one line) and sharing what is left, so "Nije navedeno" does not wrap on a phone.
 */
const segment =
  'flex min-h-11 grow basis-auto cursor-pointer whitespace-nowrap items-center justify-center rounded-md px-3 text-center text-sm font-medium text-gray-800 hover:bg-gray-100 has-[:checked]:bg-blue-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-700 has-[:focus-visible]:ring-offset-1';

/** Yes, no, or (unless required) not said: a segmented row of three radio buttons. */
function YesNoInput({ field, form }: CategoryFieldInputProps) {
  const { t } = useTranslation();
  const words = useFieldWords(field);
  const path = pathOf(field);
  const value = form.values.extra[field.key];
  const choices: { id: string; value: boolean | undefined; label: string }[] = [
    { id: 'yes', value: true, label: t('placeEditor.fields.yes') },
    { id: 'no', value: false, label: t('placeEditor.fields.no') },
    ...(field.required ? [] : [{ id: 'unset', value: undefined, label: t('placeEditor.fields.notSaid') }]),
  ];
  return (
    <ChoiceFrame field={path} legend={words.label} hint={words.hint} problem={form.problemOf(path)}>
      {(control) => (
        <div
          className={`flex w-full max-w-sm gap-0.5 rounded-lg border bg-white p-0.5 ${
            control['aria-invalid'] ? 'border-red-600' : 'border-gray-300'
          }`}
        >
          {choices.map((choice) => (
            <label key={choice.id} className={segment}>
              <input
                type="radio"
                name={control.name}
                value={choice.id}
                aria-invalid={control['aria-invalid']}
                data-testid={`field-extra-${field.key}-${choice.id}`}
                checked={value === choice.value}
                onChange={() => {
                  form.setExtra(field.key, choice.value);
                  form.touch(path);
                }}
                className="sr-only"
              />
              {choice.label}
            </label>
          ))}
        </div>
      )}
    </ChoiceFrame>
  );
}

/** The look of one radio button or checkbox with its label, as a card to tap. */
const optionCard =
  'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border border-gray-200 px-3 py-2 text-sm text-gray-900 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50';

/** One option among a few (radio buttons, with "not said" unless required), else a drop-down list. */
function SingleChoiceInput({ field, form }: CategoryFieldInputProps) {
  const { t } = useTranslation();
  const words = useFieldWords(field);
  const path = pathOf(field);
  const value = form.values.extra[field.key];
  const chosen = typeof value === 'string' ? value : '';
  const options = shownOptions(field, value, form.previousExtra[field.key]);
  const choose = (next: string) => form.setExtra(field.key, next === '' ? undefined : next);

  if (options.length > MAX_RADIO_OPTIONS) {
    return (
      <FieldFrame field={path} label={words.label} hint={words.hint} problem={form.problemOf(path)}>
        {(control) => (
          <select
            {...control}
            value={chosen}
            onChange={(event) => choose(event.target.value)}
            onBlur={() => form.touch(path)}
            required={field.required}
            className={`${inputClass(Boolean(control['aria-invalid']))} h-11`}
          >
            <option value="">
              {t(field.required ? 'placeEditor.fields.choose' : 'placeEditor.fields.notSaid')}
            </option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {words.optionLabel(option)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    );
  }

  const radios = [
    ...options.map((option) => ({ value: option.value, label: words.optionLabel(option) })),
    ...(field.required ? [] : [{ value: '', label: t('placeEditor.fields.notSaid') }]),
  ];
  return (
    <ChoiceFrame field={path} legend={words.label} hint={words.hint} problem={form.problemOf(path)}>
      {(control) => (
        <div className="grid gap-2 sm:grid-cols-2">
          {radios.map((radio) => (
            <label key={radio.value || '(unset)'} className={optionCard}>
              <input
                type="radio"
                name={control.name}
                value={radio.value}
                aria-invalid={control['aria-invalid']}
                data-testid={`field-extra-${field.key}-${radio.value || 'unset'}`}
                checked={chosen === radio.value}
                onChange={() => {
                  choose(radio.value);
                  form.touch(path);
                }}
                className="size-4 shrink-0 accent-blue-700"
              />
              <span className="min-w-0 break-words">{radio.label}</span>
            </label>
          ))}
        </div>
      )}
    </ChoiceFrame>
  );
}

/** Any of the options: a checkbox each. */
function MultipleChoiceInput({ field, form }: CategoryFieldInputProps) {
  const words = useFieldWords(field);
  const path = pathOf(field);
  const value = form.values.extra[field.key];
  const chosen: string[] = Array.isArray(value) ? value : [];
  const options = shownOptions(field, value, form.previousExtra[field.key]);
  const toggle = (option: string, on: boolean) => {
    const next = toggledChoice(field, chosen, option, on);
    form.setExtra(field.key, next.length === 0 ? undefined : (next satisfies ExtraValue));
    form.touch(path);
  };
  return (
    <ChoiceFrame field={path} legend={words.label} hint={words.hint} problem={form.problemOf(path)}>
      {(control) => (
        <div className="grid gap-2 sm:grid-cols-2">
          {options.map((option) => (
            <label key={option.value} className={optionCard}>
              <input
                type="checkbox"
                name={control.name}
                value={option.value}
                aria-invalid={control['aria-invalid']}
                data-testid={`field-extra-${field.key}-${option.value}`}
                checked={chosen.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                className="size-4 shrink-0 accent-blue-700"
              />
              <span className="min-w-0 break-words">{words.optionLabel(option)}</span>
            </label>
          ))}
        </div>
      )}
    </ChoiceFrame>
  );
}
