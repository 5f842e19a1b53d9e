import type { CreatedApiToken, CurrentUser } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { useShownOnce } from '../../../hooks/use-shown-once.ts';
import { ApiTokenList } from './api-token-list.tsx';
import { CreateApiTokenForm } from './create-api-token-form.tsx';
import { NewApiToken } from './new-api-token.tsx';

/**
 * "API tokens" on the account page (docs/decisions/029-api-tokens.md): the user's tokens, and a
 * form that makes one. A new token is shown once in place of the form, until Done.
 */
export function ApiTokensSection({ user }: { user: Pick<CurrentUser, 'email' | 'role'> }) {
  const { t } = useTranslation();
  const { shown: created, show, done, heading } = useShownOnce<CreatedApiToken>();
  return (
    <div className="space-y-6">
      <ApiTokenList />
      <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        <h3 ref={heading} tabIndex={-1} className="text-base font-semibold text-gray-900 focus:outline-none">
          {t('account.apiTokens.newTitle')}
        </h3>
        <div className="mt-3 max-w-xl">
          {created ? (
            <NewApiToken created={created} onDone={done} />
          ) : (
            <CreateApiTokenForm email={user.email} role={user.role} onCreated={show} />
          )}
        </div>
      </div>
    </div>
  );
}
