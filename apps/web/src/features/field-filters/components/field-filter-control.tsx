import type { FieldFilterParam } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { boundOf, valuesOf, withBound, withValues } from '../utils/filter-edits.ts';
import type { OfferedField } from '../utils/offered-filters.ts';
import { ChoiceCheckboxes } from './choice-checkboxes.tsx';
import { ChoiceChips } from './choice-chips.tsx';
import { RangeInputs } from './range-inputs.tsx';

interface FieldFilterControlProps {
  field: OfferedField;
  filters: readonly FieldFilterParam[];
  onChange(filters: FieldFilterParam[]): void;
}

/** One field's control by its type: chips for yes/no and one choice, checkboxes for several, bounds for numbers and dates. */
export function FieldFilterControl({ field, filters, onChange }: FieldFilterControlProps) {
  const { t } = useTranslation();
  const selected = valuesOf(filters, field.key);
  const setValues = (values: string[]) => onChange(withValues(filters, field.key, values));

  switch (field.type) {
    case 'boolean':
      return (
        <ChoiceChips
          legend={field.label}
          options={[
            { value: 'true', label: t('filters.yes') },
            { value: 'false', label: t('filters.no') },
          ]}
          selected={selected}
          exclusive
          onChange={setValues}
        />
      );
    case 'enum':
      return (
        <ChoiceChips
          legend={field.label}
          options={field.options}
          selected={selected}
          exclusive={false}
          onChange={setValues}
        />
      );
    case 'multi_enum':
      return (
        <ChoiceCheckboxes
          legend={field.label}
          options={field.options}
          selected={selected}
          onChange={setValues}
        />
      );
    default:
      return (
        <RangeInputs
          legend={field.label}
          kind={field.type}
          unit={field.unit}
          min={boundOf(filters, field.key, 'min')}
          max={boundOf(filters, field.key, 'max')}
          onChange={(min, max) =>
            onChange(withBound(withBound(filters, field.key, 'min', min), field.key, 'max', max))
          }
        />
      );
  }
}
