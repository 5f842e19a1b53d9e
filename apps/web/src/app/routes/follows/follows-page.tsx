import { useTranslation } from 'react-i18next';
import { useLinkToken } from '../../../features/auth/hooks/use-link-token.ts';
import { FollowLinkInvalid } from '../../../features/follows/components/follow-link-invalid.tsx';
import { FollowsList } from '../../../features/follows/components/follows-list.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';

/**
 * `/follows?token=…`, the "see and end your follows" link of the follow e-mails: every follow of
 * that address, each of which can be ended, without an account. The token is read once and taken
 * out of the address, so this page is reached again from the e-mail, not from the history.
 */
export function FollowsPage() {
  const { t } = useTranslation();
  usePageTitle(t('follows.manage.title'));
  const token = useLinkToken();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('follows.manage.title')}</h1>
      <p className="mt-2 text-sm text-gray-600">{t('follows.manage.intro')}</p>
      <div className="mt-6">
        {token ? (
          <FollowsList token={token} />
        ) : (
          <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
            <FollowLinkInvalid link="manage" />
          </div>
        )}
      </div>
    </div>
  );
}
