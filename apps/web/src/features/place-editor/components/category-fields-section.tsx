import { useTranslation } from 'react-i18next';
import type { PlaceForm } from '../hooks/use-place-form.ts';
import { CategoryFieldInput } from './category-field-input.tsx';

/**
 * What the chosen category asks beyond every place's fields ("Access", "Indoor", "Floor" for a
 * defibrillator), one widget each in the category's order. Nothing until a category with fields
 * is chosen.
 */
export function CategoryFieldsSection({ form }: { form: PlaceForm }) {
  const { t } = useTranslation();
  const fields = form.categoryFields;
  if (!fields || fields.length === 0) return null;
  return (
    <fieldset data-testid="category-fields" className="min-w-0 space-y-5">
      <legend className="text-base font-semibold text-gray-900">{t('placeEditor.fields.title')}</legend>
      <p className="text-sm text-gray-600">
        {t(
          fields.some((field) => field.required)
            ? 'placeEditor.fields.helpRequired'
            : 'placeEditor.fields.help',
        )}
      </p>
      {fields.map((field) => (
        <CategoryFieldInput key={field.key} field={field} form={form} />
      ))}
    </fieldset>
  );
}
