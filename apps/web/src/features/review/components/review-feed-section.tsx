import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context.ts';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { CopyIcon, FeedIcon } from '../../../components/ui/icons.tsx';
import { useCopyToClipboard } from '../../../hooks/use-copy-to-clipboard.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useCreateReviewFeedToken, useRevokeReviewFeedToken } from '../api/review-feed-token.ts';

/** Selects the whole address on focus, so copying it by hand takes one keystroke. */
function selectAll(event: React.FocusEvent<HTMLInputElement>) {
  event.currentTarget.select();
}

/**
 * "Private feed of the review queue" (moderators): creates the address of a feed of new proposals
 * and reports for a feed reader, shows it once with a Copy button, or revokes it. The server keeps
 * only a hash of the address's token, so it cannot be shown again: a new one replaces it.
 */
export function ReviewFeedSection() {
  const { t } = useTranslation();
  const showToast = useToast();
  const copy = useCopyToClipboard();
  const create = useCreateReviewFeedToken();
  const revoke = useRevokeReviewFeedToken();
  const [url, setUrl] = useState<string | null>(null);
  const headingId = useId();
  const urlId = useId();
  const hintId = useId();
  const urlField = useRef<HTMLInputElement>(null);
  const busy = create.isPending || revoke.isPending;

  // A new address takes the focus (and is selected), ready to copy from the keyboard.
  useEffect(() => {
    if (url) urlField.current?.focus();
  }, [url]);

  const failed = (error: unknown) =>
    showToast(t('review.feed.failed', { message: t(errorMessageKey(error)) }));

  const createAddress = () => {
    if (busy) return;
    create.mutateAsync().then((answer) => {
      setUrl(answer.url);
      showToast(t('review.feed.created'));
    }, failed);
  };

  const revokeAddress = () => {
    if (busy) return;
    revoke.mutateAsync().then(() => {
      setUrl(null);
      showToast(t('review.feed.revoked'));
    }, failed);
  };

  return (
    <section
      data-testid="review-feed"
      aria-labelledby={headingId}
      className="mt-10 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <FeedIcon className="size-5 text-blue-700" />
        {t('review.feed.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t('review.feed.intro')}</p>

      {url && (
        <div className="mt-4">
          <label htmlFor={urlId} className="block text-sm font-medium text-gray-900">
            {t('review.feed.urlLabel')}
          </label>
          <p id={hintId} className="mt-0.5 text-xs text-gray-600">
            {t('review.feed.urlHint')}
          </p>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
            <input
              id={urlId}
              ref={urlField}
              data-testid="review-feed-url"
              readOnly
              value={url}
              aria-describedby={hintId}
              onFocus={selectAll}
              className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs text-gray-900"
            />
            <button
              type="button"
              data-testid="copy-review-feed-url"
              className={`${buttonStyles.primary} shrink-0`}
              onClick={() => void copy(url)}
            >
              <CopyIcon className="size-4" />
              {t('review.feed.copy')}
            </button>
          </div>
        </div>
      )}

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <button
          type="button"
          data-testid="create-review-feed"
          className={url ? buttonStyles.secondary : buttonStyles.primary}
          disabled={busy}
          onClick={createAddress}
        >
          {url ? t('review.feed.replace') : t('review.feed.create')}
        </button>
        <button
          type="button"
          data-testid="revoke-review-feed"
          className={buttonStyles.secondary}
          disabled={busy}
          onClick={revokeAddress}
        >
          {t('review.feed.revoke')}
        </button>
      </div>
      <p className="mt-2 text-xs text-gray-600">{t('review.feed.replaceHint')}</p>
    </section>
  );
}
