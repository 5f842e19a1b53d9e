import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_KEYS } from '../hooks/use-review-shortcuts.ts';

interface ShortcutsHelpProps {
  open: boolean;
  onToggle(): void;
  enabled: boolean;
  onEnabledChange(on: boolean): void;
}

/** The review queue's keys, listed on demand (or with `?`), with a switch to turn them off. */
export function ShortcutsHelp({ open, onToggle, enabled, onEnabledChange }: ShortcutsHelpProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const switchId = useId();
  return (
    <div className="text-sm">
      <button
        type="button"
        data-testid="shortcuts-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className="font-medium text-blue-700 underline-offset-2 hover:underline"
      >
        {t('review.shortcuts.title')}
      </button>
      <div
        id={panelId}
        hidden={!open}
        data-testid="shortcuts-help"
        className="mt-2 rounded-lg border border-gray-200 bg-white p-3"
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {Object.entries(REVIEW_KEYS).map(([key, action]) => (
            <div key={key} className="contents">
              <dt>
                <kbd className="rounded border border-gray-300 bg-gray-50 px-1.5 font-mono text-xs">
                  {key}
                </kbd>
              </dt>
              <dd className="text-gray-700">{t(`review.shortcuts.${action}`)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-gray-700">{t('review.shortcuts.rejectTyped')}</p>
        <p className="mt-2 flex items-center gap-2">
          <input
            id={switchId}
            type="checkbox"
            data-testid="shortcuts-enabled"
            checked={enabled}
            onChange={(event) => onEnabledChange(event.target.checked)}
            className="size-4"
          />
          <label htmlFor={switchId}>{t('review.shortcuts.enabled')}</label>
        </p>
      </div>
    </div>
  );
}
