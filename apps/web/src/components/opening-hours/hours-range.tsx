import type { TimeRange } from '@karta/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../ui/button-styles.ts';
import { AlertIcon } from '../ui/icons.tsx';
import { isPickerTime } from './picker-time.ts';
import { TimeField } from './time-field.tsx';

interface HoursRangeProps {
  range: TimeRange;
  /** The weekday's name, as written within a sentence. */
  day: string;
  /** The same at the start of one (the fields' labels, the problems). */
  dayTitle: string;
  onChange(range: TimeRange): void;
  onRemove(): void;
  /** Show the problem of every time not written yet, left or not (the form was sent). */
  revealProblems: boolean;
}

const ENDS = ['from', 'to'] as const;

/**
 * One stretch of a day, opening to closing time, and its remove button; a time that is not one
 * is explained under the pair once its field is left.
 */
export function HoursRange({ range, day, dayTitle, onChange, onRemove, revealProblems }: HoursRangeProps) {
  const { t } = useTranslation();
  const id = useId();
  const [left, setLeft] = useState({ from: false, to: false });
  const wrong = (end: 'from' | 'to') =>
    (left[end] || revealProblems) && !isPickerTime(range[end], { closing: end === 'to' });
  const problemId = (end: 'from' | 'to') => `${id}-${end}-problem`;

  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        {ENDS.map((end, index) => (
          <span key={end} className="contents">
            {index === 1 && <span aria-hidden="true">–</span>}
            <TimeField
              value={range[end]}
              closing={end === 'to'}
              label={t(end === 'from' ? 'openingHours.picker.opens' : 'openingHours.picker.closes', {
                day: dayTitle,
              })}
              invalid={wrong(end)}
              describedBy={wrong(end) ? problemId(end) : undefined}
              onChange={(value) => onChange({ ...range, [end]: value })}
              onBlur={() => setLeft((current) => (current[end] ? current : { ...current, [end]: true }))}
            />
          </span>
        ))}
        <button
          type="button"
          className={`${buttonStyles.link} min-h-11 px-1`}
          aria-label={t('openingHours.picker.removeOn', { day })}
          onClick={onRemove}
        >
          {t('openingHours.picker.remove')}
        </button>
      </div>
      <div aria-live="polite">
        {ENDS.filter(wrong).map((end) => (
          <p
            key={end}
            id={problemId(end)}
            data-testid="hours-time-error"
            className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700"
          >
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <span>
              {t(
                end === 'from'
                  ? 'openingHours.picker.openingTimeProblem'
                  : 'openingHours.picker.closingTimeProblem',
                { day: dayTitle },
              )}
            </span>
          </p>
        ))}
      </div>
    </div>
  );
}
