import type { ApiToken } from '@karta/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportedAgo } from '../../../components/place/reported-ago.ts';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/i18n/format.ts';
import { ALL_SCOPES, SCOPE_MESSAGE_KEY } from '../utils/token-choices.ts';

interface ApiTokenRowProps {
  token: ApiToken;
  /** The time the row is drawn at, for "last used 5 minutes ago" and whether it has expired. */
  now: number;
  revoking: boolean;
  onRevoke(token: ApiToken): void;
}

/**
 * One API token: its name and public prefix, its scopes in words, when it was made, when it
 * expires (or that it does not) and when it was last used, and Revoke, which asks first.
 */
export function ApiTokenRow({ token, now, revoking, onRevoke }: ApiTokenRowProps) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const asked = useRef(false);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  // The question appears where Revoke was, so focus goes to its answer; cancelled, back to Revoke.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (asked.current) revokeButton.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
  const expires =
    token.expiresAt === null
      ? t('account.apiTokens.neverExpires')
      : t(expired ? 'account.apiTokens.expired' : 'account.apiTokens.expires', {
          date: formatDate(token.expiresAt, i18n.language),
        });
  const lastUsed =
    token.lastUsedAt === null
      ? t('account.apiTokens.neverUsed')
      : t('account.apiTokens.lastUsed', {
          ago: reportedAgo(token.lastUsedAt, now, i18n.language, t('account.apiTokens.justNow')),
        });

  return (
    <li
      data-testid="api-token-row"
      data-token-id={token.id}
      className="rounded-xl border border-gray-200 bg-white p-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words text-gray-900" data-testid="api-token-name">
            {token.name}
          </p>
          <p className="text-xs text-gray-600">
            <span className="font-mono break-all">karta_{token.prefix}_…</span>
          </p>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t('account.apiTokens.fields.scopes')}>
            {ALL_SCOPES.filter((scope) => token.scopes.includes(scope)).map((scope) => (
              <li
                key={scope}
                data-testid="api-token-scope"
                className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-800"
              >
                {t(`account.apiTokens.scopes.${SCOPE_MESSAGE_KEY[scope]}`)}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-gray-600">
            {t('account.apiTokens.createdOn', { date: formatDate(token.createdAt, i18n.language) })}
          </p>
          <p
            className={`text-sm ${expired ? 'font-medium text-red-800' : 'text-gray-600'}`}
            data-testid="api-token-expiry"
          >
            {expires}
          </p>
          <p className="text-sm text-gray-600" data-testid="api-token-last-used">
            {lastUsed}
          </p>
        </div>
        {!confirming && (
          <button
            ref={revokeButton}
            type="button"
            data-testid="revoke-api-token"
            className={`${buttonStyles.secondary} h-10 shrink-0 self-start text-red-800`}
            onClick={() => setConfirming(true)}
          >
            {t('account.apiTokens.revoke')} {/* Which one, for a list of buttons read out of context. */}
            <span className="sr-only">{token.name}</span>
          </button>
        )}
      </div>
      {confirming && (
        <div
          data-testid="confirm-revoke"
          className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          <p className="mr-auto min-w-0 break-words">
            {t('account.apiTokens.confirmRevoke', { name: token.name })}
          </p>
          <button
            type="button"
            ref={confirmButton}
            data-testid="confirm-revoke-api-token"
            aria-disabled={revoking || undefined}
            className={`${buttonStyles.primary} h-10 bg-red-700 hover:bg-red-800`}
            onClick={() => !revoking && onRevoke(token)}
          >
            {revoking && <Spinner className="size-4" />}
            {revoking ? t('account.apiTokens.revoking') : t('account.apiTokens.confirmRevokeYes')}
          </button>
          <button
            type="button"
            data-testid="cancel-revoke-api-token"
            className={`${buttonStyles.secondary} h-10`}
            onClick={() => setConfirming(false)}
          >
            {t('account.apiTokens.cancel')}
          </button>
        </div>
      )}
    </li>
  );
}
