import { useTranslation } from 'react-i18next';
import { useLinkToken } from '../../../features/auth/hooks/use-link-token.ts';
import { NoteConfirmation } from '../../../features/note-confirm/components/note-confirmation.tsx';
import { NoteLinkInvalid } from '../../../features/note-confirm/components/note-link-invalid.tsx';
import { AccountPageLayout } from '../auth/account-page-frame.tsx';

/**
 * `/notes/confirm?token=…`, the link of a signed-out author's confirmation e-mail: confirmed by a
 * button, never on opening. The token is read once and taken out of the address; a missing or
 * cut-short one is not sent.
 */
export function NoteConfirmPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  return (
    <AccountPageLayout title={t('noteConfirm.title')} intro={t('noteConfirm.intro')}>
      {token ? <NoteConfirmation token={token} /> : <NoteLinkInvalid />}
    </AccountPageLayout>
  );
}
