import { NoteFlagReason } from '@karta/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useFlagNote } from '../api/place-notes.ts';

/** "Report": a reason, sent once for the moderators; anyone may, signed in or not. */
export function ReportNote({ noteId }: { noteId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<NoteFlagReason>('spam');
  const flag = useFlagNote();
  const reasonId = useId();
  if (flag.isSuccess) {
    return (
      <p role="status" className="mt-1 text-sm text-green-800" data-testid="note-reported">
        {t('placeNotes.reported')}
      </p>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        data-testid="report-note"
        className={`${buttonStyles.link} mt-1 min-h-6 text-xs text-gray-600`}
        onClick={() => setOpen(true)}
      >
        {t('placeNotes.report')}
      </button>
    );
  }
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2"
      data-testid="report-note-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!flag.isPending) flag.mutate({ id: noteId, reason });
      }}
    >
      <div className="text-sm text-gray-800">
        <label htmlFor={reasonId} className="block font-medium">
          {t('placeNotes.reportReason')}
        </label>
        <select
          id={reasonId}
          className="mt-1 min-h-9 rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm"
          value={reason}
          onChange={(event) => setReason(event.target.value as NoteFlagReason)}
        >
          {NoteFlagReason.options.map((value) => (
            <option key={value} value={value}>
              {t(`flags.noteReasons.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className={`${buttonStyles.secondary} min-h-9`}
        aria-disabled={flag.isPending || undefined}
      >
        {t('placeNotes.reportSend')}
      </button>
      <button type="button" className={`${buttonStyles.link} min-h-9 text-sm`} onClick={() => setOpen(false)}>
        {t('placeNotes.reportCancel')}
      </button>
      {flag.isError && (
        <p role="alert" className="w-full text-sm text-red-700">
          {t(errorMessageKey(flag.error))}
        </p>
      )}
    </form>
  );
}
