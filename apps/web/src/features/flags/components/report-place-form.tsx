import { ApiError } from '@karta/api-client';
import type { FlagReason } from '@karta/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { AlertIcon, CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useReportPlace } from '../api/report-place.ts';

/** The reasons in the order a visitor most often needs them. */
const REASONS: readonly FlagReason[] = ['wrong_information', 'does_not_exist', 'duplicate', 'inappropriate'];

/** As the comment's contract allows (FlagInput); counted in UTF-16 units here, so never more. */
const COMMENT_MAX = 1000;

/** What a failed report says: the place gone from the map and the hourly limit in words of their own. */
function reportErrorKey(error: unknown) {
  if (error instanceof ApiError && error.code === 'not_found') return 'flags.report.notFound' as const;
  if (error instanceof ApiError && error.code === 'rate_limited') return 'flags.report.rateLimited' as const;
  return errorMessageKey(error);
}

interface ReportPlaceFormProps {
  placeId: number;
  /** In the reader's language, as the page shows it. */
  placeName: string;
  /** The first radio, focused when the dialog opens. */
  firstReason: React.RefObject<HTMLInputElement | null>;
  onClose(): void;
}

/**
 * What is wrong with a place (one of the flag reasons) and an optional comment, sent as a report
 * for the moderators; then a thank-you whose Close button takes the focus.
 */
export function ReportPlaceForm({ placeId, placeName, firstReason, onClose }: ReportPlaceFormProps) {
  const { t } = useTranslation();
  const report = useReportPlace();
  const [reason, setReason] = useState<FlagReason | null>(null);
  const [comment, setComment] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const groupName = useId();
  const reasonErrorId = useId();
  const commentId = useId();
  const commentHintId = useId();

  if (report.isSuccess) return <ReportSent onClose={onClose} />;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) {
      setMissingReason(true);
      firstReason.current?.focus();
      return;
    }
    report.mutate({ placeId, reason, comment: comment.trim() || undefined });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="report-form" className="space-y-5">
      <p className="-mt-2 text-sm break-words text-gray-700">
        {t('flags.report.intro', { name: placeName })}
      </p>
      <fieldset aria-describedby={missingReason ? reasonErrorId : undefined}>
        <legend className="text-sm font-medium text-gray-900">{t('flags.report.reasonLegend')}</legend>
        <div className="mt-2 space-y-2">
          {REASONS.map((value, index) => (
            <label
              key={value}
              className="flex cursor-pointer gap-3 rounded-lg border border-gray-200 px-3 py-2.5 has-checked:border-blue-700 has-checked:bg-blue-50"
            >
              <input
                ref={index === 0 ? firstReason : undefined}
                type="radio"
                name={groupName}
                value={value}
                data-testid="report-reason"
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setMissingReason(false);
                }}
                className="mt-0.5 size-4 shrink-0 accent-blue-700"
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium text-gray-900">
                  {t(`flags.report.reasons.${value}.label`)}
                </span>
                <span className="block text-sm text-gray-600">{t(`flags.report.reasons.${value}.hint`)}</span>
              </span>
            </label>
          ))}
        </div>
        <div aria-live="polite">
          {missingReason && (
            <p
              id={reasonErrorId}
              data-testid="field-error"
              data-field="reason"
              className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-700"
            >
              <AlertIcon className="mt-0.5 size-4" />
              <span>{t('flags.report.reasonRequired')}</span>
            </p>
          )}
        </div>
      </fieldset>

      <div>
        <label htmlFor={commentId} className="block text-sm font-medium text-gray-900">
          {t('flags.report.commentLabel')}
        </label>
        <p id={commentHintId} className="mt-0.5 text-sm text-gray-600">
          {t('flags.report.commentHint')}
        </p>
        <textarea
          id={commentId}
          data-testid="report-comment"
          rows={3}
          maxLength={COMMENT_MAX}
          aria-describedby={commentHintId}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          className="mt-1.5 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
        />
      </div>

      <div role="alert" data-testid="report-error">
        {report.isError && (
          <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {t(reportErrorKey(report.error))}
          </p>
        )}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={`${buttonStyles.secondary} h-11`} onClick={onClose}>
          {t('flags.report.cancel')}
        </button>
        <SubmitButton
          sending={report.isPending}
          busy={t('flags.report.sending')}
          testId="send-report"
          className="sm:w-auto"
        >
          {t('flags.report.send')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The thank-you after a report: read out with the Close button, which takes the focus. */
function ReportSent({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  useEffect(() => close.current?.focus(), []);
  return (
    <div data-testid="report-sent">
      <p
        id={messageId}
        role="status"
        className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-3 text-sm text-green-900"
      >
        <CheckCircleIcon className="mt-0.5 size-5 text-green-700" />
        <span>{t('flags.report.sent')}</span>
      </p>
      <div className="mt-5 flex justify-end">
        <button
          ref={close}
          type="button"
          data-testid="report-done"
          aria-describedby={messageId}
          className={`${buttonStyles.primary} h-11 w-full sm:w-auto`}
          onClick={onClose}
        >
          {t('flags.report.close')}
        </button>
      </div>
    </div>
  );
}
