import type { CreatedWebhook } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { SecretShownOnce } from '../../../components/ui/secret-shown-once.tsx';

const STANDARD_WEBHOOKS = 'https://www.standardwebhooks.com/';

/**
 * A webhook just added, with its signing secret shown this once (docs/decisions/032-webhooks.md),
 * Copy, and how a receiver checks the signatures. Done hides it for good.
 */
export function NewWebhookSecret({ created, onDone }: { created: CreatedWebhook; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <SecretShownOnce
      copyTestId="copy-webhook-secret"
      testId="new-webhook"
      title={t('webhooks.created', { url: created.url })}
      warning={t('webhooks.secretShownOnce')}
      label={t('webhooks.secretLabel')}
      secret={created.secret}
      copyLabel={t('webhooks.copy')}
      doneLabel={t('webhooks.done')}
      onDone={onDone}
    >
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
    </SecretShownOnce>
  );
}
