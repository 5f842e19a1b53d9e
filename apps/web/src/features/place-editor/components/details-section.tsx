import type { CategoryField } from '@karta/contracts';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { languageNameIn } from '../../../lib/i18n/locales.ts';
import { formLanguages, type PlaceField, type PlaceLanguage } from '../../../lib/places/place-form-values.ts';
import type { PlaceForm } from '../hooks/use-place-form.ts';
import { AddressOffer } from './address-offer.tsx';
import { AddressPrivacyWarning } from './address-privacy-warning.tsx';
import { CategoryFieldsSection } from './category-fields-section.tsx';
import { FieldFrame, inputClass } from './field-frame.tsx';
import { HoursSection } from './hours-section.tsx';

/** A category to choose, named in the reader's language, with its own fields in their order. */
export interface CategoryOption {
  id: number;
  name: string;
  /** What places of this kind say beyond every place's fields (none when absent). */
  fields?: readonly CategoryField[];
}

/** The deployment's `languages`, the reader's language first: most people write in the language they read. */
export function languagesFor(uiLanguage: string, languages: readonly PlaceLanguage[]): PlaceLanguage[] {
  const first = languages.find((language) => uiLanguage.startsWith(language));
  return first ? [first, ...languages.filter((language) => language !== first)] : [...languages];
}

const CONTACT_FIELDS = [
  { field: 'address', type: 'text', autoComplete: 'off', inputMode: 'text' },
  { field: 'phone', type: 'tel', autoComplete: 'off', inputMode: 'tel' },
  { field: 'email', type: 'email', autoComplete: 'off', inputMode: 'email' },
  { field: 'website', type: 'url', autoComplete: 'off', inputMode: 'url' },
] as const;

/** What the place is: category, name and description per language, and how to reach it. */
export function DetailsSection({
  form,
  categories,
  afterNames,
  addressOffer = null,
  onUseAddressOffer,
}: {
  form: PlaceForm;
  categories: readonly CategoryOption[];
  /** Shown right under the names (the possible duplicates, where the user is looking). */
  afterNames?: ReactNode;
  /** The address where the pin rests, to offer under the Address field (null: none). */
  addressOffer?: string | null;
  /** The offered address was taken: it goes into the Address field. */
  onUseAddressOffer?(label: string): void;
}) {
  const { t, i18n } = useTranslation();
  const addressInput = useRef<HTMLInputElement>(null);
  const { values, problemOf, setField, touch } = form;
  const languages = languagesFor(i18n.language, formLanguages(values));
  const text = (field: PlaceField, value: string) => ({
    value,
    onChange: (event: { target: { value: string } }) => setField(field, event.target.value),
    onBlur: () => touch(field),
  });

  return (
    <>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-gray-900">{t('placeEditor.details.title')}</legend>
        <FieldFrame
          field="categoryId"
          label={t('placeEditor.details.category')}
          problem={problemOf('categoryId')}
        >
          {(control) => (
            <select
              {...control}
              {...text('categoryId', values.categoryId)}
              className={`${inputClass(Boolean(control['aria-invalid']))} h-11`}
            >
              <option value="">{t('placeEditor.details.chooseCategory')}</option>
              {categories.map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <p className="text-sm text-gray-600">{t('placeEditor.details.languagesHelp')}</p>
        {languages.map((language) => (
          <div key={language} className="space-y-4 rounded-lg border border-gray-200 p-3 sm:p-4">
            <FieldFrame
              field={`name.${language}`}
              label={t('placeEditor.details.name', { language: languageNameIn(language, i18n.language) })}
              problem={problemOf(`name.${language}`)}
            >
              {(control) => (
                <input
                  {...control}
                  {...text(`name.${language}`, values.name[language] ?? '')}
                  type="text"
                  lang={language}
                  autoComplete="off"
                  className={`${inputClass(Boolean(control['aria-invalid']))} h-11`}
                />
              )}
            </FieldFrame>
            <FieldFrame
              field={`description.${language}`}
              label={t('placeEditor.details.description', {
                language: languageNameIn(language, i18n.language),
              })}
              problem={problemOf(`description.${language}`)}
            >
              {(control) => (
                <textarea
                  {...control}
                  {...text(`description.${language}`, values.description[language] ?? '')}
                  lang={language}
                  rows={3}
                  className={`${inputClass(Boolean(control['aria-invalid']))} py-2`}
                />
              )}
            </FieldFrame>
          </div>
        ))}
        {afterNames}
      </fieldset>
      <CategoryFieldsSection form={form} />
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-gray-900">{t('placeEditor.contact.title')}</legend>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {CONTACT_FIELDS.map(({ field, type, autoComplete, inputMode }) => (
            <div key={field}>
              <FieldFrame
                field={field}
                label={t(`placeEditor.contact.${field}`)}
                hint={field === 'website' ? t('placeEditor.contact.websiteHint') : undefined}
                problem={problemOf(field)}
              >
                {(control) => (
                  <input
                    {...control}
                    {...text(field, values[field])}
                    ref={field === 'address' ? addressInput : undefined}
                    type={type}
                    inputMode={inputMode}
                    autoComplete={autoComplete}
                    className={`${inputClass(Boolean(control['aria-invalid']))} h-11`}
                  />
                )}
              </FieldFrame>
              {field === 'address' && onUseAddressOffer && (
                <AddressOffer
                  offer={addressOffer}
                  onUse={(label) => {
                    onUseAddressOffer(label);
                    // The button goes once the field holds its address: the focus goes there too.
                    addressInput.current?.focus();
                  }}
                />
              )}
            </div>
          ))}
        </div>
        <AddressPrivacyWarning values={values} />
      </fieldset>
      <HoursSection form={form} />
    </>
  );
}
