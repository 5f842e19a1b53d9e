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
import { AccountSection } from './account-section.tsx';

/**
 * `/account` (signed in): change the password, choose which e-mails to get (where the site sends
 * e-mail), see and unlink the accounts of single sign-on providers, see and end the sessions (the
 * browsers signed in), and make and revoke API tokens for scripts. Visitors are asked to sign in
 * and come back here, as on the contributor pages.
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
            <AccountSection
              id="notification-settings-title"
              title={t('account.notifications.title')}
              intro={t('account.notifications.intro', { email: user.email })}
              card
              testId="notification-settings"
            >
              <NotificationSettingsSection moderator={isModerator(user)} />
            </AccountSection>
          )}
          {signIn.providers.length > 0 && (
            <AccountSection
              id="identities-title"
              title={t('sso.identities.title')}
              intro={t('sso.identities.intro')}
              testId="identities-section"
            >
              <LinkedIdentities />
            </AccountSection>
          )}
          <AccountSection
            id="sessions-title"
            title={t('account.sessions.title')}
            intro={t('account.sessions.intro')}
          >
            <SessionsList />
          </AccountSection>
          <AccountSection
            id="api-tokens-title"
            title={t('account.apiTokens.title')}
            intro={t('account.apiTokens.intro')}
            testId="api-tokens-section"
          >
            <ApiTokensSection user={user} />
          </AccountSection>
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
    <AccountSection id="change-password-title" title={t('account.changePassword.title')} card>
      {noPassword ? (
        <p className="text-sm text-gray-700" data-testid="no-password">
          {t('sso.identities.noPassword')}
        </p>
      ) : (
        <div className="max-w-md">
          <ChangePasswordForm email={email} />
        </div>
      )}
    </AccountSection>
  );
}
