import type { Follow } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/i18n/format.ts';
import { useFollowWords } from '../hooks/use-follow-words.ts';
import { followMapHref } from '../utils/follow-links.ts';

interface FollowRowProps {
  follow: Follow;
  ending: boolean;
  onEnd(follow: Follow): void;
}

/**
 * One follow of the address: where (an area or a spot), which categories, how often, whether it
 * is confirmed, since when; the map there, and End.
 */
export function FollowRow({ follow, ending, onEnd }: FollowRowProps) {
  const { t, i18n } = useTranslation();
  const words = useFollowWords();
  const where = words.where(follow);
  return (
    <li
      data-testid="follow-row"
      data-follow-id={follow.id}
      data-confirmed={follow.confirmed}
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-gray-900">
          <span data-testid="follow-where">{where}</span>
          <span
            data-testid="follow-status"
            className={`ml-2 inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${
              follow.confirmed ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-900'
            }`}
          >
            {follow.confirmed ? t('follows.manage.confirmed') : t('follows.manage.waiting')}
          </span>
        </p>
        <p className="mt-0.5 text-sm break-words text-gray-700">
          {t('follows.categories.of', { categories: words.categoriesOf(follow.categories) })}
        </p>
        <p className="text-sm text-gray-600">
          {t(`follows.frequency.${follow.frequency}Digest`)}
          {follow.alerts && (
            <>
              <span aria-hidden="true"> · </span>
              {t('follows.alerts.short')}
            </>
          )}
          <span aria-hidden="true"> · </span>
          {t('follows.manage.since', { date: formatDate(follow.createdAt, i18n.language) })}
        </p>
        <Link href={followMapHref(follow)} className={`${buttonStyles.link} mt-1 text-sm`}>
          {t('follows.showMap')}
          <span className="sr-only">: {where}</span>
        </Link>
      </div>
      <button
        type="button"
        data-testid="end-follow"
        aria-disabled={ending || undefined}
        onClick={() => !ending && onEnd(follow)}
        className={`${buttonStyles.secondary} h-10 shrink-0 self-start sm:self-center`}
      >
        {ending && <Spinner className="size-4" />}
        {ending ? t('follows.manage.ending') : t('follows.manage.end')}
        {/* Which one, for a list of buttons read out of context. */}
        <span className="sr-only">: {where}</span>
      </button>
    </li>
  );
}
