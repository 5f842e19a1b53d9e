import type { GeocodeItem } from '@karta/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CloseIcon, MapPinIcon } from '../../../components/ui/icons.tsx';
import { DEFAULT_NEAR_RADIUS, type NearTab, serializeNearState } from '../../../lib/near-url.ts';

interface AddressPanelProps {
  address: GeocodeItem;
  /** The home map's categories, which the Near page keeps. */
  categories: readonly string[];
  onClose(): void;
}

const ACTION_CLASS =
  'inline-flex h-9 flex-1 items-center justify-center rounded-lg border px-3 sm:flex-none text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/**
 * The address chosen in the header's search, under the map centred on it: its label and the two
 * questions a visitor has there, what is near it and who serves it (the Near page at that point).
 * In the page's flow, so it covers neither the map's controls nor the search field. It takes the
 * focus when it opens, so the address is read out and its actions come next; Escape or its close
 * button closes it.
 */
export function AddressPanel({ address, categories, onClose }: AddressPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);

  const nearLink = (tab: NearTab) =>
    `/near?${serializeNearState({
      point: { lat: address.lat, lng: address.lng },
      address: address.label,
      radius: DEFAULT_NEAR_RADIUS,
      tab,
      categories,
    })}`;

  return (
    <section
      aria-labelledby={headingId}
      data-testid="address-panel"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
      className="relative mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-gray-200 bg-white py-2.5 pr-12 pl-3 shadow-sm sm:pr-14 sm:pl-4"
    >
      <div className="flex min-w-0 flex-1 basis-56 items-start gap-2.5">
        <span className="mt-0.5 shrink-0 rounded-full bg-blue-50 p-1.5 text-blue-700">
          <MapPinIcon className="size-4" />
        </span>
        <div className="min-w-0">
          <p className="text-xs text-gray-600">{t('addresses.panel.label')}</p>
          <h2
            ref={heading}
            id={headingId}
            tabIndex={-1}
            data-testid="address-panel-label"
            className="text-sm font-semibold break-words text-gray-900 focus:outline-none"
          >
            {address.label}
          </h2>
        </div>
      </div>
      {/* A phone stacks the two, full width; wider screens put them beside the address. */}
      <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
        <Link
          to={nearLink('near')}
          data-testid="address-near-link"
          className={`${ACTION_CLASS} border-blue-700 bg-blue-700 text-white hover:bg-blue-800`}
        >
          {t('addresses.panel.near')}
        </Link>
        <Link
          to={nearLink('covers')}
          data-testid="address-serves-link"
          className={`${ACTION_CLASS} border-gray-300 bg-white text-gray-800 hover:bg-gray-50`}
        >
          {t('addresses.panel.serves')}
        </Link>
      </div>
      <button
        type="button"
        data-testid="address-panel-close"
        aria-label={t('addresses.panel.close')}
        title={t('addresses.panel.close')}
        onClick={onClose}
        className="absolute top-2 right-2 grid size-9 place-items-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-900 sm:top-1/2 sm:right-3 sm:-translate-y-1/2"
      >
        <CloseIcon className="size-4" />
      </button>
    </section>
  );
}
