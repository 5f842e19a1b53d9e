import { useTranslation } from 'react-i18next';

interface ChoiceChipsProps {
  /** The field's label: the group's name. */
  legend: string;
  options: readonly { value: string; label: string }[];
  /** The values filtered on; none: any. */
  selected: readonly string[];
  /** Yes/no: one answer at a time (both would mean only "has an answer"). Choices: any of several. */
  exclusive: boolean;
  onChange(values: string[]): void;
}

const chipBase =
  'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors';
const chipOn = `${chipBase} border-blue-700 bg-blue-700 text-white hover:bg-blue-800`;
const chipOff = `${chipBase} border-gray-300 bg-white text-gray-800 hover:border-gray-400 hover:bg-gray-50`;

/**
 * Yes/no and single-choice fields: toggle chips (aria-pressed), with "Any" first, pressed while the
 * field is not filtered on, which clears it. 44 px high, so a thumb hits them.
 */
export function ChoiceChips({ legend, options, selected, exclusive, onChange }: ChoiceChipsProps) {
  const { t } = useTranslation();
  const any = selected.length === 0;

  function press(value: string) {
    if (selected.includes(value)) onChange(selected.filter((other) => other !== value));
    else onChange(exclusive ? [value] : [...selected, value]);
  }

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-semibold text-gray-900">{legend}</legend>
      <ul className="flex flex-wrap gap-2">
        <li>
          <button
            type="button"
            aria-pressed={any}
            className={any ? chipOn : chipOff}
            onClick={() => onChange([])}
          >
            {t('filters.any')}
          </button>
        </li>
        {options.map((option) => {
          const pressed = selected.includes(option.value);
          return (
            <li key={option.value}>
              <button
                type="button"
                aria-pressed={pressed}
                data-value={option.value}
                className={pressed ? chipOn : chipOff}
                onClick={() => press(option.value)}
              >
                {option.label}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
