import { NEAR_RADII } from '@karta/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistance } from '../../../lib/i18n/format.ts';
import type { NearRadius } from '../../../lib/near-url.ts';

interface RadiusPickerProps {
  value: NearRadius;
  onChange(radius: NearRadius): void;
}

/**
 * The search radius as a segmented control: native radio buttons (arrow keys move the choice,
 * screen readers say "2 of 6"), labelled in the UI language's number format ("1,5 km" in Croatian).
 */
export function RadiusPicker({ value, onChange }: RadiusPickerProps) {
  const { t, i18n } = useTranslation();
  const name = useId();
  return (
    <fieldset data-testid="radius-picker">
      <legend className="mb-1.5 text-sm font-medium text-gray-900">{t('near.radius.label')}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-gray-100 p-1 sm:grid-cols-6">
        {NEAR_RADII.map((radius) => (
          <label key={radius} className="relative">
            <input
              type="radio"
              name={name}
              value={radius}
              checked={radius === value}
              onChange={() => onChange(radius)}
              data-testid="radius-option"
              className="peer sr-only"
            />
            <span className="flex h-9 cursor-pointer items-center justify-center rounded-md px-2 text-sm font-medium whitespace-nowrap text-gray-700 tabular-nums transition-colors peer-checked:bg-white peer-checked:text-blue-800 peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-blue-700 hover:text-gray-900">
              {formatDistance(radius, i18n.language)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
