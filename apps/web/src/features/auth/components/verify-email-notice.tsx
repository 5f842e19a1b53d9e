import type { CurrentUser } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useResendVerification } from '../api/resend-verification.ts';

/** "Confirm your e-mail address" with Send again (verify-email-banner.tsx says when it shows). */
export function VerifyEmailNotice({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const resend = useResendVerification();

  const sendAgain = () => {
    if (!resend.isPending) resend.mutate();
  };

  let status: string | null = null;
  if (resend.isSuccess) status = t('auth.verifyEmail.resent', { email: user.email });
  else if (resend.isError) status = formErrorMessage(t, resend.error);

  return (
    // A labelled section is a landmark: the notice is not content outside every landmark.
    <section
      aria-label={t('auth.verifyEmail.bannerLabel')}
      data-testid="verify-email-banner"
      className="border-b border-amber-200 bg-amber-50"
    >
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 sm:px-6">
        <div className="flex min-w-[14rem] flex-1 items-start gap-2.5 text-sm text-amber-950">
          <MailIcon className="mt-0.5 size-4 shrink-0 text-amber-800" />
          <div className="min-w-0">
            <p className="break-words">{t('auth.verifyEmail.banner', { email: user.email })}</p>
            {/* Always in the page, so each new outcome is announced; empty, it takes no room. */}
            <p
              role="status"
              data-testid="resend-verification-status"
              className={`break-words font-medium ${resend.isError ? 'text-red-800' : 'text-green-800'}`}
            >
              {status}
            </p>
          </div>
        </div>
        <button
          type="button"
          data-testid="resend-verification"
          aria-disabled={resend.isPending || undefined}
          onClick={sendAgain}
          className={`${buttonStyles.secondary} h-9 shrink-0 px-3`}
        >
          {resend.isPending && <Spinner className="size-4" />}
          {resend.isPending ? t('auth.verifyEmail.resending') : t('auth.verifyEmail.resend')}
        </button>
      </div>
    </section>
  );
}
