import type { PlaceListItem } from '@karta/contracts';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ExternalLinkIcon } from '../../../components/ui/icons.tsx';
import { localizeText } from '../../../lib/i18n/localize-text.ts';

/** The possible duplicates, each a link to its page (in a new tab, so the form is kept). */
function DuplicateLinks({ places }: { places: readonly PlaceListItem[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="mt-2 space-y-1.5">
      {places.map((place) => (
        <li key={place.id} data-testid="duplicate" data-place-id={place.id}>
          <a
            href={`/places/${place.id}`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950"
          >
            {localizeText(place.name, i18n.language, place.primaryLanguage)}
            <ExternalLinkIcon className="size-3.5 shrink-0" />
            <span className="sr-only">{t('actions.opensInNewTab')}</span>
          </a>
          {place.distance !== null && (
            <span className="text-sm text-gray-700">
              {' '}
              {t('placeEditor.duplicates.distance', { count: Math.round(place.distance) })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Shown beside the form as the name and position settle: places already nearby with a similar name. */
export function DuplicatesNotice({ places }: { places: readonly PlaceListItem[] }) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite">
      {places.length > 0 && (
        <section
          data-testid="duplicates"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
        >
          <h3 className="font-semibold text-amber-950">
            {t('placeEditor.duplicates.title', { count: places.length })}
          </h3>
          <p className="mt-1 text-amber-950">{t('placeEditor.duplicates.body')}</p>
          <DuplicateLinks places={places} />
        </section>
      )}
    </div>
  );
}

interface DuplicatesStepProps {
  places: readonly PlaceListItem[];
  saving: boolean;
  onSaveAnyway(): void;
  onBack(): void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The step before the final save: "is yours one of these?", with Save anyway. */
export function DuplicatesStep({ places, saving, onSaveAnyway, onBack, headingRef }: DuplicatesStepProps) {
  const { t } = useTranslation();
  return (
    <section
      data-testid="duplicates-step"
      aria-labelledby="duplicates-step-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2
        id="duplicates-step-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-amber-950"
      >
        {t('placeEditor.duplicates.stepTitle', { count: places.length })}
      </h2>
      <p className="mt-1 text-sm text-amber-950">{t('placeEditor.duplicates.stepBody')}</p>
      <DuplicateLinks places={places} />
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          data-testid="save-anyway"
          disabled={saving}
          onClick={onSaveAnyway}
          className={buttonStyles.primary}
        >
          {t('placeEditor.duplicates.saveAnyway')}
        </button>
        <button
          type="button"
          data-testid="duplicates-back"
          onClick={onBack}
          className={buttonStyles.secondary}
        >
          {t('placeEditor.duplicates.back')}
        </button>
      </div>
    </section>
  );
}
