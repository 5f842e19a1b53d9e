import type { HoursDay } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../lib/i18n/intl-formats.ts';

/** "Wed, Nov 25" (in English) for a `YYYY-MM-DD` day (read at noon UTC, so no zone moves it to another day). */
function dayLabel(date: string, language: string): string {
  return dateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** The week as a table, one row a day, today's marked: "08:00–16:00", or "Closed · Božić". */
export function WeekTable({ week, caption }: { week: readonly HoursDay[]; caption: string }) {
  const { t, i18n } = useTranslation();
  return (
    <table data-testid="week-table" className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {week.map((day, index) => {
          const today = index === 0;
          const hours =
            day.intervals.length === 0
              ? [t('openingHours.closed'), day.comment].filter(Boolean).join(' · ')
              : day.intervals
                  .map(
                    (interval) =>
                      `${interval.from}–${interval.to}${interval.unknown ? ` (${t('openingHours.maybe')})` : ''}`,
                  )
                  .join(', ');
          return (
            <tr
              key={day.date}
              data-date={day.date}
              aria-current={today ? 'date' : undefined}
              className={today ? 'bg-blue-50 font-semibold text-gray-900' : 'text-gray-800'}
            >
              <th scope="row" className="py-1 pr-3 pl-2 text-left font-[inherit] whitespace-nowrap">
                {today
                  ? t('openingHours.today', { day: dayLabel(day.date, i18n.language) })
                  : dayLabel(day.date, i18n.language)}
              </th>
              <td className="py-1 pr-2 tabular-nums">{hours}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
