import type { AccountSession } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, formatDateTime } from '../../../lib/i18n/format.ts';

interface SessionRowProps {
  session: AccountSession;
  ending: boolean;
  onEnd(session: AccountSession): void;
}

/**
 * One browser the user is signed in on: what it is (as its User-Agent named it, as text), when it
 * signed in and was last used, "This browser" for the current one, and Sign out.
 */
export function SessionRow({ session, ending, onEnd }: SessionRowProps) {
  const { t, i18n } = useTranslation();
  const device = session.device || t('account.sessions.unknownDevice');
  return (
    <li
      data-testid="session-row"
      data-session-id={session.id}
      data-current={session.current}
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-gray-900">
          <span data-testid="session-device">{device}</span>
          {session.current && (
            <span
              data-testid="session-current"
              className="ml-2 inline-block rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-blue-800"
            >
              {t('account.sessions.current')}
            </span>
          )}
        </p>
        <p className="mt-0.5 text-sm text-gray-600">
          {t('account.sessions.signedIn', { date: formatDate(session.createdAt, i18n.language) })}
        </p>
        <p className="text-sm text-gray-600">
          {t('account.sessions.lastUsed', { date: formatDateTime(session.lastUsedAt, i18n.language) })}
        </p>
      </div>
      <button
        type="button"
        data-testid="end-session"
        aria-disabled={ending || undefined}
        onClick={() => !ending && onEnd(session)}
        className={`${buttonStyles.secondary} h-10 shrink-0 self-start sm:self-center`}
      >
        {ending && <Spinner className="size-4" />}
        {ending ? t('account.sessions.ending') : t('account.sessions.end')}{' '}
        {/* Which one, for a list of buttons read out of context. */}
        <span className="sr-only">{session.current ? t('account.sessions.current') : device}</span>
      </button>
    </li>
  );
}
