import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { FlagIcon } from '../../../components/ui/icons.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { ReportPlaceForm } from './report-place-form.tsx';

/**
 * "Report a problem" with a published place: opens a dialog asking what is wrong. Anyone may
 * report, signed in or not; closing the dialog returns the focus here.
 */
export function ReportPlaceButton({ placeId, placeName }: { placeId: number; placeName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const firstReason = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        data-testid="report-place"
        aria-haspopup="dialog"
        className={`${buttonStyles.secondary} w-full sm:w-auto`}
        onClick={() => setOpen(true)}
      >
        <FlagIcon />
        {t('flags.report.button')}
      </button>
      {open && (
        <ModalDialog
          title={t('flags.report.title')}
          onClose={() => setOpen(false)}
          testId="report-dialog"
          initialFocus={firstReason}
        >
          <ReportPlaceForm
            placeId={placeId}
            placeName={placeName}
            firstReason={firstReason}
            onClose={() => setOpen(false)}
          />
        </ModalDialog>
      )}
    </>
  );
}
