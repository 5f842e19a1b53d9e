import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ChoiceCheckboxesProps {
  legend: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange(values: string[]): void;
}

/**
 * A multi-choice field ("Languages spoken"): native checkboxes, any of those ticked. Each row is
 * its label, 44 px high, so the whole row is the target.
 */
export function ChoiceCheckboxes({ legend, options, selected, onChange }: ChoiceCheckboxesProps) {
  const { t } = useTranslation();
  const hint = useId();

  function toggle(value: string, checked: boolean) {
    onChange(checked ? [...selected, value] : selected.filter((other) => other !== value));
  }

  return (
    <fieldset className="min-w-0" aria-describedby={hint}>
      <legend className="text-sm font-semibold text-gray-900">{legend}</legend>
      <p id={hint} className="text-xs text-gray-600">
        {t('filters.anyOf')}
      </p>
      <ul className="mt-1 grid grid-cols-2 gap-x-3">
        {options.map((option) => (
          <li key={option.value}>
            <label className="flex min-h-11 cursor-pointer items-center gap-2.5 text-sm text-gray-900">
              <input
                type="checkbox"
                value={option.value}
                checked={selected.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                className="size-5 shrink-0 rounded border-gray-400 accent-blue-700"
              />
              {option.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
