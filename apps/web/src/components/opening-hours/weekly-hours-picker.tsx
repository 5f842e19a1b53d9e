import { OSM_DAYS, type TimeRange, type WeeklyHours } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../ui/button-styles.ts';
import { HoursRange } from './hours-range.tsx';

/** A Monday (5 January 2026): the weekdays' names are read from the week it starts. */
const A_MONDAY = Date.UTC(2026, 0, 5, 12);
const DAY_MS = 24 * 60 * 60 * 1000;
const NEW_RANGE: TimeRange = { from: '08:00', to: '16:00' };

/**
 * The weekly picker: each day closed or open in one or more ranges, "open 24/7" and "closed on
 * public holidays". Every change gives the whole week; the form writes it as OpenStreetMap text.
 */
export function WeeklyHoursPicker({
  week,
  onChange,
  revealProblems = false,
}: {
  week: WeeklyHours;
  onChange(week: WeeklyHours): void;
  /** Show the problem of every time not written yet, left or not (the form was sent). */
  revealProblems?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const dayName = (day: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }).format(
      A_MONDAY + day * DAY_MS,
    );
  const setDay = (day: number, ranges: TimeRange[]) =>
    onChange({ ...week, days: week.days.map((current, index) => (index === day ? ranges : current)) });

  return (
    <div data-testid="hours-picker" className="space-y-3">
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm text-gray-900">
          <input
            type="checkbox"
            data-testid="hours-all-day"
            className="size-4"
            checked={week.allDay}
            onChange={(event) => onChange({ ...week, allDay: event.target.checked })}
          />
          {t('openingHours.picker.allDay')}
        </label>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm text-gray-900">
          <input
            type="checkbox"
            data-testid="hours-holidays-off"
            className="size-4"
            checked={week.closedOnHolidays}
            onChange={(event) => onChange({ ...week, closedOnHolidays: event.target.checked })}
          />
          {t('openingHours.picker.closedOnHolidays')}
        </label>
      </div>
      {!week.allDay && (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200">
          {OSM_DAYS.map((code, day) => {
            const ranges = week.days[day] ?? [];
            const name = dayName(day);
            // Where the name starts a label or a line: Croatian writes weekdays in lower case.
            const title = name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
            return (
              <li
                key={code}
                data-testid="hours-day"
                data-day={code}
                // On a phone the name stands above the times, which then fit on one line.
                className="flex flex-col gap-y-1 p-3 sm:flex-row sm:items-start sm:gap-x-4"
              >
                <span className="text-sm font-medium text-gray-900 sm:w-28 sm:shrink-0 sm:pt-3">
                  {title}
                  {ranges.length === 0 && (
                    <span className="font-normal text-gray-600 sm:hidden"> · {t('openingHours.closed')}</span>
                  )}
                </span>
                <div className="min-w-0 flex-1 space-y-2">
                  {ranges.map((range, index) => (
                    <HoursRange
                      // biome-ignore lint/suspicious/noArrayIndexKey: a day's ranges have no identity but their place
                      key={index}
                      range={range}
                      day={name}
                      dayTitle={title}
                      revealProblems={revealProblems}
                      onChange={(next) =>
                        setDay(
                          day,
                          ranges.map((r, i) => (i === index ? next : r)),
                        )
                      }
                      onRemove={() =>
                        setDay(
                          day,
                          ranges.filter((_, i) => i !== index),
                        )
                      }
                    />
                  ))}
                  <div className="flex flex-wrap items-center gap-x-4">
                    {ranges.length === 0 && (
                      <p className="hidden text-sm text-gray-600 sm:block">{t('openingHours.closed')}</p>
                    )}
                    <button
                      type="button"
                      data-testid="hours-add"
                      className={`${buttonStyles.link} min-h-11 text-left`}
                      aria-label={t('openingHours.picker.addOn', { day: name })}
                      onClick={() => setDay(day, [...ranges, ranges.at(-1) ?? NEW_RANGE])}
                    >
                      {t('openingHours.picker.add')}
                    </button>
                    {day === 0 && ranges.length > 0 && (
                      <button
                        type="button"
                        data-testid="hours-copy-weekdays"
                        className={`${buttonStyles.link} min-h-11 text-left`}
                        onClick={() =>
                          onChange({
                            ...week,
                            days: week.days.map((current, index) =>
                              index >= 1 && index <= 4 ? ranges : current,
                            ),
                          })
                        }
                      >
                        {t('openingHours.picker.copyToWeekdays', { day: name })}
                      </button>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
