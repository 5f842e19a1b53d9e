import { EMPTY_WEEK, type WeeklyHours, weeklyHoursToOsm } from '@karta/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useHoursPreview } from '../../opening-hours/api/preview-hours.ts';
import { WeekTable } from '../../opening-hours/components/week-table.tsx';
import { WeeklyHoursPicker } from '../../opening-hours/components/weekly-hours-picker.tsx';
import type { PlaceForm } from '../hooks/use-place-form.ts';
import { formPosition } from '../utils/place-form-values.ts';
import { FieldFrame, inputClass } from './field-frame.tsx';

/** The preview waits for typing to pause this long. */
const PREVIEW_DELAY_MS = 300;

/**
 * Opening hours: the weekly picker writes OpenStreetMap's text into the field below it, which
 * experts may edit by hand; under it, a live preview of the coming week as the server reads the
 * text (with the library's advice, which never blocks). Text the picker did not write (the
 * place's own, an expert's) is shown in the picker as the server reads it back, when the picker
 * can hold it; otherwise the picker stays empty and says why.
 */
export function HoursSection({ form }: { form: PlaceForm }) {
  const { t, i18n } = useTranslation();
  const { values, problemOf, setField, touch } = form;
  /** The week the picker last wrote, half-typed ranges included. */
  const [picked, setPicked] = useState<WeeklyHours | null>(null);
  const value = values.openingHours;
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

  function changeWeek(next: WeeklyHours) {
    setPicked(next);
    setField('openingHours', weeklyHoursToOsm(next));
  }

  return (
    <fieldset className="space-y-4" data-testid="hours-section">
      <legend className="text-base font-semibold text-gray-900">{t('openingHours.picker.title')}</legend>
      {beyondPicker && (
        <p data-testid="hours-text-note" className="text-sm text-gray-700">
          {t('openingHours.picker.beyondPicker')}
        </p>
      )}
      <WeeklyHoursPicker week={week} onChange={changeWeek} />
      <FieldFrame
        field="openingHours"
        label={t('placeEditor.contact.openingHours')}
        hint={t('placeEditor.contact.openingHoursHint')}
        problem={problemOf('openingHours')}
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
    </fieldset>
  );
}
