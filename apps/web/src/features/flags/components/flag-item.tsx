import type { Flag, FlagReason, NoteFlagReason, PhotoFlagReason } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { api } from '../../../lib/api-client.ts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';
import { ResolveFlagForm } from './resolve-flag-form.tsx';

function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** Why, in words: a report on a note has reasons of its own ("Spam", "Offensive note"). */
function useReasonLabel(flag: Flag): string {
  const { t } = useTranslation();
  return flag.noteId !== null
    ? t(`flags.noteReasons.${flag.reason as NoteFlagReason}`)
    : t(`flags.reasons.${flag.reason as FlagReason | PhotoFlagReason}`);
}

/**
 * One report: the place (linked) and, for a report on a photo or a note, the photo or the note's
 * text; why, the reporter's comment, and how it was resolved or a form to.
 */
export function FlagItem({
  flag,
  onResolved,
}: {
  flag: Flag;
  onResolved(flag: Flag, resolution: string): void;
}) {
  const { t, i18n } = useTranslation();
  const placeName = localizeText(flag.place.name, i18n.language, flag.place.primaryLanguage);
  const reason = useReasonLabel(flag);
  return (
    <li
      data-testid="flag-item"
      data-flag-id={flag.id}
      data-place-id={flag.place.id}
      data-status={flag.status}
      className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2 className="text-base font-semibold break-words text-gray-900">
            <Link href={`/places/${flag.place.id}`} data-testid="flag-place-link" className="hover:underline">
              {placeName}
            </Link>
          </h2>
          <p className="text-sm text-gray-600">
            {flag.reporter
              ? t('flags.reportedBy', { name: flag.reporter.displayName })
              : t('flags.reportedByVisitor')}
            <span aria-hidden="true"> · </span>
            <time dateTime={flag.createdAt}>{formatDateTime(flag.createdAt, i18n.language)}</time>
          </p>
        </div>
        <span
          data-testid="flag-reason"
          data-reason={flag.reason}
          className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900"
        >
          {reason}
        </span>
      </div>
      {flag.photoId !== null && (
        <a href={`/places/${flag.place.id}`} className="block w-40" data-testid="flag-photo">
          <img
            src={api.photoFileUrl(flag.photoId, 'thumb')}
            alt={t('flags.reportedPhoto')}
            width={160}
            height={120}
            loading="lazy"
            className="aspect-[4/3] w-40 rounded-lg bg-gray-100 object-cover"
          />
        </a>
      )}
      {flag.note && (
        <figure
          data-testid="flag-note"
          className="rounded-lg border-l-4 border-gray-300 bg-gray-50 px-3 py-2 text-sm"
        >
          <figcaption className="text-xs font-medium text-gray-600">
            {flag.note.state === 'hidden' ? t('flags.reportedNoteHidden') : t('flags.reportedNote')}
          </figcaption>
          <blockquote className="mt-1 break-words whitespace-pre-wrap text-gray-900">
            {flag.note.text}
          </blockquote>
        </figure>
      )}
      {flag.place.status !== 'published' && (
        <p className="text-sm text-gray-700">
          {t('flags.placeStatus', { status: t(`flags.placeStatuses.${flag.place.status}`) })}
        </p>
      )}
      {flag.comment ? (
        <blockquote className="rounded-lg bg-gray-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-gray-800">
          {flag.comment}
        </blockquote>
      ) : (
        <p className="text-sm text-gray-600 italic">{t('flags.noComment')}</p>
      )}
      {flag.status === 'open' ? (
        <ResolveFlagForm flag={flag} onResolved={(resolution) => onResolved(flag, resolution)} />
      ) : (
        <div className="border-t border-gray-100 pt-3 text-sm text-gray-700">
          <p>
            <span className="font-medium">
              {flag.resolution ? t(`flags.resolutions.${flag.resolution}`) : t('flags.resolvedUnknown')}
            </span>
            {flag.resolvedBy && <> · {t('flags.resolvedBy', { name: flag.resolvedBy.displayName })}</>}
            {flag.resolvedAt && (
              <>
                {' · '}
                <time dateTime={flag.resolvedAt}>{formatDateTime(flag.resolvedAt, i18n.language)}</time>
              </>
            )}
          </p>
          {flag.resolutionNote && (
            <p className="mt-1 break-words whitespace-pre-wrap">{flag.resolutionNote}</p>
          )}
        </div>
      )}
    </li>
  );
}
