import type { Place } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { OpenStateLabel } from '../../../components/opening-hours/open-state-label.tsx';
import { PlaceDirections } from '../../../features/places/components/place-details/place-directions.tsx';
import { PlaceStatusNotes } from './place-status-notes.tsx';

/**
 * What a visitor came for, under the place's title and before its description, at every width:
 * whether it is open now and when that changes, what may be wrong with what the page says, and
 * the way there.
 */
export function PlaceGlance({ place }: { place: Place }) {
  const { t } = useTranslation();
  return (
    <div data-testid="place-glance" className="mt-4 space-y-4">
      <OpenStateLabel state={place.openState} wrap className="flex text-base" />
      <PlaceStatusNotes place={place} />
      <section aria-labelledby="directions-heading">
        <h2 id="directions-heading" className="sr-only">
          {t('placePage.getThere')}
        </h2>
        <PlaceDirections place={place} />
      </section>
    </div>
  );
}
