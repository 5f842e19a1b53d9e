import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { DismissButton } from '../../../components/ui/dismiss-button.tsx';
import { GlobeIcon } from '../../../components/ui/icons.tsx';

interface MapLanguageNoteProps {
  onReload(): void;
  onDismiss(): void;
}

/**
 * Says that the engine's own map labels (streets, towns) keep the language they were loaded in
 * until a reload (Google cannot switch the language of a loaded script), with Reload: the URL holds
 * the view, so the reloaded page shows the same map. Polite, so it never interrupts.
 */
export function MapLanguageNote({ onReload, onDismiss }: MapLanguageNoteProps) {
  const { t } = useTranslation();
  return (
    // Top left: Google's own controls sit at the bottom, and the page's hints at the top right.
    <div className="pointer-events-none absolute inset-x-0 top-3 z-[1000] flex px-3">
      <div
        data-testid="map-language-note"
        data-map-overlay
        role="status"
        className="pointer-events-auto flex max-w-md items-center gap-2 rounded-xl border border-gray-200 bg-white/95 py-1.5 pr-1.5 pl-3 text-sm text-gray-800 shadow-md"
      >
        <GlobeIcon className="size-4 text-blue-700" />
        <p className="min-w-0 flex-1">{t('map.labelLanguageNote')}</p>
        <button
          type="button"
          data-testid="map-language-reload"
          className={buttonStyles.actionPrimary}
          onClick={onReload}
        >
          {t('map.reloadForLanguage')}
        </button>
        <DismissButton testId="map-language-dismiss" onDismiss={onDismiss} />
      </div>
    </div>
  );
}
