import type { SsoIdentity } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EmptyState, LoadingState, QueryErrorState } from '../../../components/ui/states.tsx';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { formatDate } from '../../../lib/i18n/format.ts';
import { useIdentities, useUnlinkIdentity } from '../api/identities.ts';

/**
 * The single sign-on identities linked to the account: the provider, the e-mail it gave, when it
 * was linked, and Unlink. The server refuses to unlink the last way to sign in (no password and
 * no other identity); the page says why.
 */
export function LinkedIdentities() {
  const { t } = useTranslation();
  const showToast = useToast();
  const identities = useIdentities();
  const unlink = useUnlinkIdentity();

  const unlinkIdentity = (identity: SsoIdentity) => {
    if (unlink.isPending) return;
    unlink.mutateAsync(identity.id).then(
      () => showToast(t('sso.identities.unlinked', { label: identity.label })),
      (error: unknown) => showToast(formErrorMessage(t, error)),
    );
  };

  if (identities.isPending) return <LoadingState label={t('sso.identities.loading')} />;
  if (identities.isError) {
    return (
      <QueryErrorState
        title={t('sso.identities.loadFailed')}
        error={identities.error}
        onRetry={() => void identities.refetch()}
      />
    );
  }
  if (identities.data.items.length === 0) return <EmptyState title={t('sso.identities.empty')} />;
  return (
    <ul data-testid="identities-list" aria-label={t('sso.identities.title')} className="flex flex-col gap-3">
      {identities.data.items.map((identity) => (
        <IdentityRow
          key={identity.id}
          identity={identity}
          unlinking={unlink.isPending && unlink.variables === identity.id}
          onUnlink={unlinkIdentity}
        />
      ))}
    </ul>
  );
}

function IdentityRow({
  identity,
  unlinking,
  onUnlink,
}: {
  identity: SsoIdentity;
  unlinking: boolean;
  onUnlink(identity: SsoIdentity): void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li
      data-testid="identity-row"
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-gray-900">{identity.label}</p>
        {identity.email && <p className="mt-0.5 text-sm break-words text-gray-600">{identity.email}</p>}
        <p className="text-sm text-gray-600">
          {t('sso.identities.linkedAt', { date: formatDate(identity.linkedAt, i18n.language) })}
        </p>
      </div>
      <button
        type="button"
        data-testid="unlink-identity"
        aria-disabled={unlinking || undefined}
        onClick={() => !unlinking && onUnlink(identity)}
        className={`${buttonStyles.secondary} h-10 shrink-0 self-start sm:self-center`}
      >
        {unlinking && <Spinner className="size-4" />}
        {unlinking ? t('sso.identities.unlinking') : t('sso.identities.unlink')}{' '}
        <span className="sr-only">{identity.label}</span>
      </button>
    </li>
  );
}
