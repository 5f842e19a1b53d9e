import type { ConfirmedNote } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountNotice } from '../../../components/form/account-notice.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { MapPinIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isLinkRefusal } from '../../../lib/forms/link-refusal.ts';
import { formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useConfirmNote } from '../api/confirm-note.ts';
import { NoteLinkInvalid } from './note-link-invalid.tsx';

/**
 * A note's confirmation link: confirmed only when the reader presses the button (mail scanners
 * open every link of a message, and must not put a note in front of moderators), then whether it
 * is published or waits for a moderator, and the way back to its place.
 */
export function NoteConfirmation({ token }: { token: string }) {
  const { t } = useTranslation();
  const confirm = useConfirmNote();

  if (confirm.isSuccess) return <NoteConfirmed note={confirm.data} />;
  if (confirm.isError && isLinkRefusal(confirm.error, 'not_found')) return <NoteLinkInvalid takeFocus />;

  return (
    <div data-testid="note-confirmation">
      <FormAlert message={confirm.isError ? formErrorMessage(t, confirm.error) : null} />
      <p className="text-sm text-gray-700">{t('noteConfirm.explain')}</p>
      <button
        type="button"
        data-testid="confirm-note"
        aria-disabled={confirm.isPending || undefined}
        onClick={() => !confirm.isPending && confirm.mutate({ token })}
        className={`${buttonStyles.primary} mt-5 h-11 w-full`}
      >
        {confirm.isPending && <Spinner className="size-4" />}
        {confirm.isPending ? t('noteConfirm.confirming') : t('noteConfirm.button')}
      </button>
    </div>
  );
}

/** The note just confirmed: published, or waiting for a moderator; its text, and its place. */
function NoteConfirmed({ note }: { note: ConfirmedNote }) {
  const { t } = useTranslation();
  const published = note.state === 'published';
  return (
    <AccountNotice
      testId="note-confirmed"
      tone="done"
      title={t(published ? 'noteConfirm.publishedTitle' : 'noteConfirm.pendingTitle')}
      takeFocus
      action={
        <Link href={`/places/${note.placeId}`} data-testid="note-place-link" className={buttonStyles.primary}>
          <MapPinIcon className="size-4" />
          {t('noteConfirm.toPlace')}
        </Link>
      }
    >
      <p>{t(published ? 'noteConfirm.publishedBody' : 'noteConfirm.pendingBody')}</p>
      <blockquote className="break-words border-l-2 border-gray-300 pl-3 text-gray-700" lang={note.language}>
        {note.text}
      </blockquote>
    </AccountNotice>
  );
}
