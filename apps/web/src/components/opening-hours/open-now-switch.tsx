import { useTranslation } from 'react-i18next';

/**
 * "Open now only": a switch that keeps only the places open now (on the map, in the list, in Near
 * me). Places without hours are left out while it is on: nobody can say they are open.
 */
export function OpenNowSwitch({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-testid="open-now-switch"
      onClick={() => onChange(!checked)}
      className="group inline-flex min-h-11 items-center gap-2.5 rounded-lg py-1 pr-2 text-sm font-medium text-gray-900"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-6 w-10 shrink-0 rounded-full transition-colors ${
          checked ? 'bg-green-700' : 'bg-gray-400'
        }`}
      >
        <span
          className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${
            checked ? 'translate-x-4' : ''
          }`}
        />
      </span>
      {t('openingHours.openNowOnly')}
    </button>
  );
}
