import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useConnectivity } from '../../../lib/connectivity.ts';
import { sendWaitingDrafts } from '../drafts/draft-sync.ts';
import { useDrafts } from '../drafts/use-drafts.ts';
import { DraftItem } from './draft-item.tsx';

/**
 * The user's proposals and edits still in this browser ("Waiting to send"), above their places on
 * Karta. Nothing when there are none.
 */
export function DraftList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const drafts = useDrafts(userId);
  const { online } = useConnectivity();
  const [sending, setSending] = useState(false);
  if (!drafts || drafts.length === 0) return null;
  const waiting = drafts.some((draft) => draft.state === 'waiting');
  return (
    <section aria-labelledby="drafts-heading" data-testid="draft-list" className="mb-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="drafts-heading" className="text-base font-semibold text-gray-900">
          {t('drafts.heading', { count: drafts.length })}
        </h2>
        {waiting && online && (
          <button
            type="button"
            data-testid="send-drafts"
            disabled={sending}
            className={buttonStyles.action}
            onClick={() => {
              setSending(true);
              void sendWaitingDrafts().finally(() => setSending(false));
            }}
          >
            {sending && <Spinner className="size-3.5" />}
            {t('drafts.sendNow')}
          </button>
        )}
      </div>
      <p className="mt-1 text-sm text-gray-600">{t('drafts.intro')}</p>
      <ul className="mt-3 space-y-3">
        {drafts.map((draft) => (
          <DraftItem key={draft.id} draft={draft} />
        ))}
      </ul>
    </section>
  );
}
