import type { CreatedApiToken } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { SecretShownOnce } from '../../../components/ui/secret-shown-once.tsx';

/**
 * A token just made, shown this once (the server keeps only its hash): selected in its field,
 * with Copy and a sentence that it will not be shown again. Done hides it for good.
 */
export function NewApiToken({ created, onDone }: { created: CreatedApiToken; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <SecretShownOnce
      copyTestId="copy-api-token"
      testId="new-api-token"
      title={t('account.apiTokens.created', { name: created.name })}
      warning={t('account.apiTokens.shownOnce')}
      label={t('account.apiTokens.tokenLabel')}
      secret={created.token}
      copyLabel={t('account.apiTokens.copy')}
      doneLabel={t('account.apiTokens.done')}
      onDone={onDone}
    />
  );
}
