import type { CreatedApiToken } from '@karta/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { CheckCircleIcon, CopyIcon } from '../../../components/ui/icons.tsx';
import { useCopyToClipboard } from '../../../hooks/use-copy-to-clipboard.ts';

/** Selects the whole token on focus, so copying it by hand takes one keystroke. */
function selectAll(event: React.FocusEvent<HTMLInputElement>) {
  event.currentTarget.select();
}

/**
 * A token just made, shown this once (the server keeps only its hash): a read-only field that
 * takes the focus with the token selected, a Copy button, and a sentence that it will not be
 * shown again. Done hides it for good.
 */
export function NewApiToken({ created, onDone }: { created: CreatedApiToken; onDone(): void }) {
  const { t } = useTranslation();
  const copy = useCopyToClipboard();
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const warningId = useId();

  useEffect(() => {
    field.current?.focus();
  }, []);

  return (
    <div data-testid="new-api-token" className="rounded-lg border border-green-200 bg-green-50 p-4">
      <p className="flex items-start gap-2 text-sm font-semibold text-green-900">
        <CheckCircleIcon className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 break-words">{t('account.apiTokens.created', { name: created.name })}</span>
      </p>
      <p id={warningId} className="mt-2 text-sm text-green-900">
        {t('account.apiTokens.shownOnce')}
      </p>
      <label htmlFor={fieldId} className="mt-4 block text-sm font-medium text-gray-900">
        {t('account.apiTokens.tokenLabel')}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          ref={field}
          data-testid="new-api-token-value"
          readOnly
          value={created.token}
          aria-describedby={warningId}
          onFocus={selectAll}
          autoComplete="off"
          spellCheck={false}
          className="h-11 min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 font-mono text-sm text-gray-900"
        />
        <button
          type="button"
          data-testid="copy-api-token"
          className={`${buttonStyles.primary} h-11 shrink-0`}
          onClick={() => void copy(created.token)}
        >
          <CopyIcon className="size-4" />
          {t('account.apiTokens.copy')}
        </button>
      </div>
      <button
        type="button"
        data-testid="new-api-token-done"
        className={`${buttonStyles.secondary} mt-4 h-11 w-full sm:w-auto`}
        onClick={onDone}
      >
        {t('account.apiTokens.done')}
      </button>
    </div>
  );
}
