import type { CreatedWebhook } from '@karta/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { CheckCircleIcon, CopyIcon } from '../../../components/ui/icons.tsx';
import { useCopyToClipboard } from '../../../hooks/use-copy-to-clipboard.ts';

const STANDARD_WEBHOOKS = 'https://www.standardwebhooks.com/';

/**
 * A webhook just added, with its signing secret shown this once (docs/decisions/032-webhooks.md):
 * a read-only field that takes the focus, Copy, and how a receiver checks the signatures. Done
 * hides it for good.
 */
export function NewWebhookSecret({ created, onDone }: { created: CreatedWebhook; onDone(): void }) {
  const { t } = useTranslation();
  const copy = useCopyToClipboard();
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const warningId = useId();

  useEffect(() => {
    field.current?.focus();
  }, []);

  return (
    <div data-testid="new-webhook" className="rounded-lg border border-green-200 bg-green-50 p-4">
      <p className="flex items-start gap-2 text-sm font-semibold text-green-900">
        <CheckCircleIcon className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 break-all">{t('webhooks.created', { url: created.url })}</span>
      </p>
      <p id={warningId} className="mt-2 text-sm text-green-900">
        {t('webhooks.secretShownOnce')}
      </p>
      <label htmlFor={fieldId} className="mt-4 block text-sm font-medium text-gray-900">
        {t('webhooks.secretLabel')}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          ref={field}
          data-testid="new-webhook-secret"
          readOnly
          value={created.secret}
          aria-describedby={warningId}
          onFocus={(event) => event.currentTarget.select()}
          autoComplete="off"
          spellCheck={false}
          className="h-11 min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 font-mono text-sm text-gray-900"
        />
        <button
          type="button"
          data-testid="copy-webhook-secret"
          className={`${buttonStyles.primary} h-11 shrink-0`}
          onClick={() => void copy(created.secret)}
        >
          <CopyIcon className="size-4" />
          {t('webhooks.copy')}
        </button>
      </div>
      <p className="mt-3 text-sm text-green-900">
        {t('webhooks.verifyHint')}{' '}
        <a
          href={STANDARD_WEBHOOKS}
          target="_blank"
          rel="noreferrer"
          className="font-medium underline underline-offset-2"
        >
          {t('webhooks.verifyLink')}
        </a>
      </p>
      <button
        type="button"
        data-testid="new-webhook-done"
        className={`${buttonStyles.secondary} mt-4 h-11 w-full sm:w-auto`}
        onClick={onDone}
      >
        {t('webhooks.done')}
      </button>
    </div>
  );
}
