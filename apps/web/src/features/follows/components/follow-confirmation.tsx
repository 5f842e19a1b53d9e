import type { Follow } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { MapIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isLinkRefusal } from '../../../lib/forms/link-refusal.ts';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useConfirmFollow } from '../api/confirm-follow.ts';
import { useFollowWords } from '../hooks/use-follow-words.ts';
import { followMapHref } from '../utils/follow-links.ts';
import { FollowLinkInvalid } from './follow-link-invalid.tsx';

/**
 * A follow's confirmation link: confirmed only when the reader presses the button (mail scanners
 * open every link of a message, and must not start anyone's digests), then what is followed and
 * the way to it on the map.
 */
export function FollowConfirmation({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmFollow();

  if (confirm.isSuccess) return <FollowConfirmed follow={confirm.data} />;
  if (confirm.isError && isLinkRefusal(confirm.error, 'not_found')) {
    return <FollowLinkInvalid link="confirm" takeFocus />;
  }

  return (
    <div data-testid="follow-confirmation">
      <FormAlert message={confirm.isError ? formErrorMessage(t, confirm.error) : null} />
      <p className="text-sm text-gray-700">{t('follows.confirm.explain')}</p>
      <button
        type="button"
        data-testid="confirm-follow"
        aria-disabled={confirm.isPending || undefined}
        onClick={() => !confirm.isPending && confirm.mutate({ token })}
        className={`${buttonStyles.primary} mt-5 h-11 w-full`}
      >
        {confirm.isPending && <Spinner className="size-4" />}
        {confirm.isPending ? t('follows.confirm.confirming') : t('follows.confirm.button')}
      </button>
    </div>
  );
}

/** The follow just confirmed: where, which categories, how often, and the map there. */
function FollowConfirmed({ follow }: { follow: Follow }) {
  const { t } = useTranslation();
  const words = useFollowWords();
  return (
    <AccountNotice
      testId="follow-confirmed"
      tone="done"
      title={t(follow.kind === 'area' ? 'follows.confirm.doneTitleArea' : 'follows.confirm.doneTitleSpot')}
      takeFocus
      action={
        <Link href={followMapHref(follow)} data-testid="follow-map-link" className={buttonStyles.primary}>
          <MapIcon className="size-4" />
          {t('follows.showMap')}
        </Link>
      }
    >
      <p className="break-words">{words.where(follow)}</p>
      <p>{t('follows.categories.of', { categories: words.categoriesOf(follow.categories) })}</p>
      <p>{t('follows.confirm.doneBody', { frequency: follow.frequency })}</p>
    </AccountNotice>
  );
}
