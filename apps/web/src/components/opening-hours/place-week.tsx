import type { Place } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { useHoursPreview } from './preview-hours.ts';
import { WeekTable } from './week-table.tsx';

/** A place's coming week of opening hours, as the server reads them (holidays included). */
export function PlaceWeek({ place, hours }: { place: Pick<Place, 'lat' | 'lng'>; hours: string }) {
  const { t, i18n } = useTranslation();
  const preview = useHoursPreview(hours, i18n.language, { near: { lat: place.lat, lng: place.lng } });
  const week = preview.data?.week ?? [];
  if (week.length === 0) return null;
  return <WeekTable week={week} caption={t('openingHours.weekCaption')} />;
}
