import { useTranslation } from 'react-i18next';
import { LocateIcon, MapPinIcon } from '../../../components/ui/icons.tsx';

/** Before there is a point: the two ways to give one. */
export function NearStart() {
  const { t } = useTranslation();
  return (
    <div data-testid="near-start" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 className="font-semibold text-gray-900">{t('near.start.title')}</h2>
      <ul className="mt-3 space-y-3 text-sm text-gray-700">
        <li className="flex items-start gap-3">
          <span className="shrink-0 rounded-full bg-blue-50 p-2 text-blue-700">
            <LocateIcon className="size-4" />
          </span>
          <span className="pt-1">{t('near.start.locate')}</span>
        </li>
        <li className="flex items-start gap-3">
          <span className="shrink-0 rounded-full bg-blue-50 p-2 text-blue-700">
            <MapPinIcon className="size-4" />
          </span>
          <span className="pt-1">{t('near.start.pick')}</span>
        </li>
      </ul>
    </div>
  );
}
