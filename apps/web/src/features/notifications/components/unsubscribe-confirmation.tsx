import type { Unsubscribed } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isLinkRefusal } from '../../../lib/forms/link-refusal.ts';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useUnsubscribe } from '../api/unsubscribe.ts';
import { UnsubscribeLinkInvalid } from './unsubscribe-link-invalid.tsx';

/**
 * What an unsubscribe link ends, ended only when the reader presses the button: mail scanners open
 * every link of a message, and must not unsubscribe anyone by it. Then it says which e-mails
 * stopped and where they can be turned on again.
 */
export function UnsubscribeConfirmation({ token }: { token: string }) {
  const { t } = useTranslation();
  const unsubscribe = useUnsubscribe();

  if (unsubscribe.isSuccess) return <UnsubscribeDone list={unsubscribe.data.list} />;
  if (unsubscribe.isError && isLinkRefusal(unsubscribe.error, 'not_found')) {
    return <UnsubscribeLinkInvalid takeFocus />;
  }

  return (
    <div data-testid="unsubscribe-confirmation">
      <FormAlert message={unsubscribe.isError ? formErrorMessage(t, unsubscribe.error) : null} />
      <div className="space-y-2 text-sm text-gray-700">
        <p>{t('notifications.unsubscribe.explain')}</p>
        <p>{t('notifications.unsubscribe.nothingYet')}</p>
      </div>
      <button
        type="button"
        data-testid="confirm-unsubscribe"
        aria-disabled={unsubscribe.isPending || undefined}
        onClick={() => !unsubscribe.isPending && unsubscribe.mutate({ token })}
        className={`${buttonStyles.primary} mt-5 h-11 w-full`}
      >
        {unsubscribe.isPending && <Spinner className="size-4" />}
        {unsubscribe.isPending
          ? t('notifications.unsubscribe.confirming')
          : t('notifications.unsubscribe.confirm')}
      </button>
    </div>
  );
}

/** Which e-mails stopped, and the way to turn them on again (an account's settings) or to the map. */
function UnsubscribeDone({ list }: { list: Unsubscribed['list'] }) {
  const { t } = useTranslation();
  return (
    <AccountNotice
      testId="unsubscribed"
      tone="done"
      title={t('notifications.unsubscribe.doneTitle')}
      takeFocus
      action={
        list === 'follow' ? (
          <Link href="/" className={buttonStyles.primary}>
            {t('notifications.unsubscribe.toMap')}
          </Link>
        ) : (
          <Link href="/account" className={buttonStyles.primary}>
            {t('notifications.unsubscribe.toAccount')}
          </Link>
        )
      }
    >
      <p data-list={list} data-testid="unsubscribed-list">
        {t(`notifications.unsubscribe.done.${list}`)}
      </p>
    </AccountNotice>
  );
}
