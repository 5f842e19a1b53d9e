import type { Place } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { FieldChip } from '../../../../components/place/field-chip.tsx';
import { type FieldView, usePlaceFieldViews } from './field-views.ts';
import { safeWebsiteUrl } from './safe-website.ts';

const linkStyle = 'font-medium text-blue-700 underline-offset-2 hover:underline';

/** A value beyond yes/no: a link for an address or a phone number, its lines kept for long text. */
function FieldValue({ view }: { view: FieldView }) {
  const { t } = useTranslation();
  const { field, text } = view;
  if (field.type === 'url') {
    const href = safeWebsiteUrl(text);
    return href ? (
      <a className={`${linkStyle} break-all`} href={href} target="_blank" rel="noopener noreferrer">
        {text}
        <span className="sr-only"> {t('actions.opensInNewTab')}</span>
      </a>
    ) : (
      <span className="break-all">{text}</span>
    );
  }
  if (field.type === 'phone') {
    return (
      <a className={linkStyle} href={`tel:${text.replace(/[^\d+]/g, '')}`}>
        {text}
      </a>
    );
  }
  if (field.type === 'longtext') return <span className="whitespace-pre-line">{text}</span>;
  return <>{text}</>;
}

/**
 * The place's category values on its page, in the category's order: the yes/no ones as chips
 * first (a glance says "✓ Indoor"), then the others as labelled lines. Nothing when none is filled.
 */
export function PlaceFieldList({ place }: { place: Pick<Place, 'category' | 'extra'> }) {
  const { t } = useTranslation();
  const views = usePlaceFieldViews(place);
  if (views.length === 0) return null;
  const yesNo = views.filter((view) => view.field.type === 'boolean');
  const others = views.filter((view) => view.field.type !== 'boolean');
  return (
    <section
      data-testid="place-fields"
      aria-labelledby="place-fields-heading"
      className="mt-5 border-t border-gray-200 pt-4"
    >
      <h3 id="place-fields-heading" className="text-sm font-semibold text-gray-900">
        {t('placePage.fields.heading')}
      </h3>
      {yesNo.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2 text-sm">
          {yesNo.map((view) => (
            <li key={view.field.key} data-field={view.field.key} className="max-w-full">
              <FieldChip label={view.label} yes={view.value === true} />
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
          {others.map((view) => (
            <div key={view.field.key} data-field={view.field.key} className="contents">
              <dt className="font-medium text-gray-600">{view.label}</dt>
              <dd className="min-w-0 break-words text-gray-900 max-sm:mb-1">
                <FieldValue view={view} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
