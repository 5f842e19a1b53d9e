import { useTranslation } from 'react-i18next';
import { RegistrationCompletion } from '../../../features/auth/components/registration-completion.tsx';
import { useLinkToken } from '../../../features/auth/hooks/use-link-token.ts';
import { AccountPageLayout } from './account-page-frame.tsx';

/**
 * `/complete-registration?token=…`, the link of the registration e-mail. The token is read once
 * and taken out of the address; the account is made when the reader presses the button.
 */
export function CompleteRegistrationPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  return (
    <AccountPageLayout
      title={t('auth.completeRegistration.title')}
      intro={t('auth.completeRegistration.intro')}
    >
      <RegistrationCompletion token={token} />
    </AccountPageLayout>
  );
}
