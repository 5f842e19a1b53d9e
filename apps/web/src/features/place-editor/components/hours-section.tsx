import { EMPTY_WEEK, isCompleteRange, type WeeklyHours, weeklyHoursToOsm } from '@karta/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoursPreview } from '../../../components/opening-hours/preview-hours.ts';
import { WeekTable } from '../../../components/opening-hours/week-table.tsx';
import { WeeklyHoursPicker } from '../../../components/opening-hours/weekly-hours-picker.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { formPosition } from '../../../lib/places/place-form-values.ts';
import type { PlaceForm } from '../hooks/use-place-form.ts';
import { FieldFrame, inputClass } from './field-frame.tsx';

/** The preview waits for typing to pause this long. */
const PREVIEW_DELAY_MS = 300;

/** Whether the hours are left out (not known: nothing is sent) or entered. */
type HoursChoice = 'unknown' | 'known';
const HOURS_CHOICES: readonly HoursChoice[] = ['unknown', 'known'];

/** A week with a time still half-typed or mistyped (its text leaves that range out). */
const hasUnfinishedTime = (week: WeeklyHours) =>
  !week.allDay && week.days.some((ranges) => ranges.some((range) => !isCompleteRange(range)));

/**
 * Opening hours: "not known" until the user chooses to enter them, so a form left alone sends
 * none rather than "closed every day" (an empty picker). Entered, the weekly picker writes OpenStreetMap's text into the field below it, which
 * experts may edit by hand; under it, a live preview of the coming week as the server reads the
 * text (with the library's advice, which never blocks). Text the picker did not write (the
 * place's own, an expert's) is shown in the picker as the server reads it back, when the picker
 * can hold it; otherwise the picker stays empty and says why.
 */
export function HoursSection({ form }: { form: PlaceForm }) {
  const { t, i18n } = useTranslation();
  const { values, problemOf, setField, touch, setUnfinishedProblem } = form;
  /** The week the picker last wrote, half-typed ranges included. */
  const [picked, setPicked] = useState<WeeklyHours | null>(null);
  const value = values.openingHours;
  // Any text means the hours are entered (a place's own, a draft's); the choice counts while empty.
  const [chosen, setChosen] = useState<HoursChoice>(() => (value.trim() !== '' ? 'known' : 'unknown'));
  const choice: HoursChoice = value.trim() !== '' ? 'known' : chosen;
  /** What the text held when the user chose "not known", given back if they change their mind. */
  const setAside = useRef('');
  const settled = useDebouncedValue(value, PREVIEW_DELAY_MS);
  const preview = useHoursPreview(settled, i18n.language, {
    // Where the place is, for hours that follow the sun (none while the position is half-typed).
    near: formPosition(values) ?? undefined,
    picker: true,
  });
  const shown = value.trim() === '' ? undefined : preview.data;
  const current = settled === value && !preview.isPlaceholderData ? shown : undefined;
  const pickersOwn = picked !== null && value.trim() === weeklyHoursToOsm(picked);
  // Empty too when the text says more than a picker can hold (`weekly` null: see beyondPicker).
  const week = pickersOwn ? picked : (shown?.weekly ?? EMPTY_WEEK);
  const beyondPicker = !pickersOwn && current !== undefined && !current.error && current.weekly === null;

  const unfinished = choice === 'known' && pickersOwn && picked !== null && hasUnfinishedTime(picked);
  useEffect(() => {
    setUnfinishedProblem('openingHours', unfinished ? { code: 'hoursTime' } : null);
  }, [unfinished, setUnfinishedProblem]);
  // Shown on the picker's times, not on the text below, which is not what needs mending.
  const problem = problemOf('openingHours');
  const timesProblem = problem?.code === 'hoursTime';

  function changeWeek(next: WeeklyHours) {
    setPicked(next);
    setField('openingHours', weeklyHoursToOsm(next));
  }

  function choose(next: HoursChoice) {
    setChosen(next);
    if (next === 'unknown') {
      setAside.current = value;
      setField('openingHours', '');
    } else if (value === '' && setAside.current !== '') setField('openingHours', setAside.current);
  }

  return (
    <fieldset className="space-y-4" data-testid="hours-section">
      <legend className="text-base font-semibold text-gray-900">{t('openingHours.picker.title')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {HOURS_CHOICES.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-gray-200 p-3 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
          >
            <input
              type="radio"
              name="hoursChoice"
              value={option}
              data-testid={`hours-${option}`}
              checked={choice === option}
              onChange={() => choose(option)}
              className="mt-1 size-4 accent-blue-700"
            />
            <span>
              <span className="block text-sm font-medium text-gray-900">
                {t(`placeEditor.hours.${option}.label`)}
              </span>
              <span className="block text-sm text-gray-600">{t(`placeEditor.hours.${option}.help`)}</span>
            </span>
          </label>
        ))}
      </div>
      {choice === 'known' && (
        <div className="space-y-4">
          {beyondPicker && (
            <p data-testid="hours-text-note" className="text-sm text-gray-700">
              {t('openingHours.picker.beyondPicker')}
            </p>
          )}
          <WeeklyHoursPicker week={week} onChange={changeWeek} revealProblems={timesProblem} />
          <FieldFrame
            field="openingHours"
            label={t('placeEditor.contact.openingHours')}
            hint={t('placeEditor.contact.openingHoursHint')}
            problem={timesProblem ? undefined : problem}
          >
            {(control) => (
              <input
                {...control}
                value={value}
                onChange={(event) => setField('openingHours', event.target.value)}
                onBlur={() => touch('openingHours')}
                type="text"
                autoComplete="off"
                spellCheck={false}
                className={`${inputClass(Boolean(control['aria-invalid']))} h-11 font-mono`}
              />
            )}
          </FieldFrame>
          <div aria-live="polite" data-testid="hours-preview" className="space-y-2 text-sm">
            {shown?.error && (
              <p className="text-red-800">{t('openingHours.picker.unreadable', { error: shown.error })}</p>
            )}
            {shown && shown.warnings.length > 0 && (
              <ul className="list-disc space-y-1 pl-5 text-amber-800" data-testid="hours-warnings">
                {shown.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            )}
            {shown && shown.week.length > 0 && (
              <>
                <p className="font-medium text-gray-900">{t('openingHours.picker.preview')}</p>
                <WeekTable week={shown.week} caption={t('openingHours.picker.preview')} />
              </>
            )}
          </div>
        </div>
      )}
    </fieldset>
  );
}
