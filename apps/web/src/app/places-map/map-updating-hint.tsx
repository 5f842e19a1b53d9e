import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';

/**
 * A small pill over the map while its data refreshes; visual only, so panning is not narrated. At
 * the top centre: the corners hold the engines' controls and the page's own (Share, View on Karta).
 */
export function MapUpdatingHint() {
  const { t } = useTranslation();
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute top-3 left-1/2 z-[1000] -translate-x-1/2 flex items-center gap-2 rounded-full bg-white/95 px-3 py-1.5 text-xs font-medium text-gray-700 shadow-md"
    >
      <Spinner className="size-3.5 text-blue-700" />
      {t('map.updating')}
    </div>
  );
}
