import type { ApiToken } from '@karta/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens.ts';
import { ApiTokenRow } from './api-token-row.tsx';

/** Where the API is described, for the empty list's pointer (README "API tokens"). */
export const API_DOCUMENT_PATH = '/api/v1/openapi.json';

/**
 * The user's API tokens, each with Revoke; with none, one sentence on what tokens are for and
 * where the API is described. A revoked token leaves the list, and focus goes to the list, as
 * the button that had it is gone.
 */
export function ApiTokenList() {
  const { t } = useTranslation();
  const showToast = useToast();
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const listRef = useRef<HTMLDivElement>(null);
  const now = Date.now();

  const revokeToken = (token: ApiToken) => {
    if (revoke.isPending) return;
    // The promise, not mutate's callbacks: those are skipped once this list has unmounted.
    revoke.mutateAsync(token).then(
      () => {
        showToast(t('account.apiTokens.revoked', { name: token.name }));
        listRef.current?.focus();
      },
      (error: unknown) => showToast(formErrorMessage(t, error)),
    );
  };

  if (tokens.isPending) return <LoadingState label={t('account.apiTokens.loading')} />;
  if (tokens.isError) {
    return (
      <QueryErrorState
        title={t('account.apiTokens.loadFailed')}
        error={tokens.error}
        onRetry={() => void tokens.refetch()}
      />
    );
  }
  return (
    <div ref={listRef} tabIndex={-1} data-testid="api-tokens" className="focus:outline-none">
      {tokens.data.length === 0 ? (
        <div
          data-testid="api-tokens-empty"
          className="rounded-xl border border-dashed border-gray-300 p-5 text-sm"
        >
          <p className="font-semibold text-gray-900">{t('account.apiTokens.empty')}</p>
          <p className="mt-1 text-gray-600">
            {t('account.apiTokens.emptyBody')}{' '}
            <a
              href={API_DOCUMENT_PATH}
              className="font-medium whitespace-nowrap text-blue-700 underline underline-offset-2"
            >
              {API_DOCUMENT_PATH}
            </a>
          </p>
        </div>
      ) : (
        <ul
          aria-label={t('account.apiTokens.title')}
          className="flex flex-col gap-3"
          data-testid="api-tokens-list"
        >
          {tokens.data.map((token) => (
            <ApiTokenRow
              key={token.id}
              token={token}
              now={now}
              revoking={revoke.isPending && revoke.variables?.id === token.id}
              onRevoke={revokeToken}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
