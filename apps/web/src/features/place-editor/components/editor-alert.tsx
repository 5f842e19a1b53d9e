import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';

interface EditorAlertProps {
  failure: unknown;
  /** Someone saved a newer version meanwhile (409): say so, and offer to load it. */
  conflict: boolean;
  onReload(): void;
  ref?: Ref<HTMLDivElement>;
}

/** Why the save failed, translated; for a stale edit, that the input is kept and how to go on. */
export function EditorAlert({ failure, conflict, onReload, ref }: EditorAlertProps) {
  const { t } = useTranslation();
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="focus:outline-none">
      {failure !== null && (
        <div
          data-testid={conflict ? 'edit-conflict' : 'form-error'}
          className="flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <AlertIcon className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">
              {conflict ? t('placeEditor.conflict.title') : t(errorMessageKey(failure))}
            </p>
            {conflict && (
              <>
                <p className="mt-1">{t('placeEditor.conflict.body')}</p>
                <button
                  type="button"
                  data-testid="reload-current"
                  onClick={onReload}
                  className={`${buttonStyles.secondary} mt-3`}
                >
                  {t('placeEditor.conflict.reload')}
                </button>
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
