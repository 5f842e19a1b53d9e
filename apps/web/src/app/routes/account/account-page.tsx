import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { ApiTokensSection } from '../../../features/api-tokens/components/api-tokens-section.tsx';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form.tsx';
import { SessionsList } from '../../../features/auth/components/sessions-list.tsx';
import { NotificationSettingsSection } from '../../../features/notifications/components/notification-settings-form.tsx';
import { useIdentities } from '../../../features/sso/api/identities.ts';
import { LinkedIdentities } from '../../../features/sso/components/linked-identities.tsx';
import { isModerator } from '../../../lib/session/roles.ts';
import { ContributorFrame } from '../contributor/contributor-frame.tsx';

/**
 * `/account` (signed in): change the password, choose which e-mails to get (where the site sends
 * e-mail), see and unlink the accounts of single sign-on providers, see and end the sessions (the
 * browsers signed in), and make and revoke API tokens for
 * scripts. Visitors are asked to sign in and come back here, as on the contributor pages.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const { mail, signIn } = useRuntimeConfig();
  return (
    <ContributorFrame
      title={t('account.title')}
      intro={mail ? t('account.introMail') : t('account.intro')}
      path="/account"
      signInTitle={t('account.signInTitle')}
      signInBody={t('account.signInBody')}
    >
      {(user) => (
        <div className="space-y-10">
          <PasswordSection email={user.email} singleSignOn={signIn.providers.length > 0} />
          {mail && (
            <section aria-labelledby="notification-settings-title" data-testid="notification-settings">
              <h2 id="notification-settings-title" className="text-lg font-semibold text-gray-900">
                {t('account.notifications.title')}
              </h2>
              <p className="mt-1 text-sm text-gray-600">
                {t('account.notifications.intro', { email: user.email })}
              </p>
              <div className="mt-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
                <NotificationSettingsSection moderator={isModerator(user)} />
              </div>
            </section>
          )}
          {signIn.providers.length > 0 && (
            <section aria-labelledby="identities-title" data-testid="identities-section">
              <h2 id="identities-title" className="text-lg font-semibold text-gray-900">
                {t('sso.identities.title')}
              </h2>
              <p className="mt-1 text-sm text-gray-600">{t('sso.identities.intro')}</p>
              <div className="mt-3">
                <LinkedIdentities />
              </div>
            </section>
          )}
          <section aria-labelledby="sessions-title">
            <h2 id="sessions-title" className="text-lg font-semibold text-gray-900">
              {t('account.sessions.title')}
            </h2>
            <p className="mt-1 text-sm text-gray-600">{t('account.sessions.intro')}</p>
            <div className="mt-3">
              <SessionsList />
            </div>
          </section>
          <section aria-labelledby="api-tokens-title" data-testid="api-tokens-section">
            <h2 id="api-tokens-title" className="text-lg font-semibold text-gray-900">
              {t('account.apiTokens.title')}
            </h2>
            <p className="mt-1 text-sm text-gray-600">{t('account.apiTokens.intro')}</p>
            <div className="mt-3">
              <ApiTokensSection user={user} />
            </div>
          </section>
        </div>
      )}
    </ContributorFrame>
  );
}

/**
 * Change password; an account made by single sign-on has none to change (README, "Single
 * sign-on"), so it is told how it signs in instead.
 */
function PasswordSection({ email, singleSignOn }: { email: string; singleSignOn: boolean }) {
  const { t } = useTranslation();
  const identities = useIdentities({ enabled: singleSignOn });
  const noPassword = identities.data?.hasPassword === false;
  return (
    <section aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="text-lg font-semibold text-gray-900">
        {t('account.changePassword.title')}
      </h2>
      <div className="mt-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        {noPassword ? (
          <p className="text-sm text-gray-700" data-testid="no-password">
            {t('sso.identities.noPassword')}
          </p>
        ) : (
          <div className="max-w-md">
            <ChangePasswordForm email={email} />
          </div>
        )}
      </div>
    </section>
  );
}
