import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { CopyIcon, LinkIcon } from '../../../components/ui/icons.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { useCopyToClipboard } from '../../../hooks/use-copy-to-clipboard.ts';
import { embedLink, iframeCode } from '../../../lib/embed-code.ts';
import { lazyWithAllMessages } from '../../../lib/i18n/lazy-with-all-messages.tsx';
import { type ViewState, viewStateLink } from '../../../lib/view-url.ts';

export interface ShareProps {
  /** The view on screen: what the link and the embed show. */
  view: ViewState;
  /** The site's public origin (`PUBLIC_URL`, else the page's). */
  origin: string;
}

/**
 * Share → "Embed", the embed's builder: a chunk of its own with its messages, fetched only when it
 * is opened, so nothing of it weighs on the home page's first view.
 */
const EmbedBuilder = lazyWithAllMessages(async () => (await import('./embed-builder.tsx')).EmbedBuilder);

/** Selects a read-only field's whole text on focus, so copying by hand takes one keystroke. */
export function selectAll(event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) {
  event.currentTarget.select();
}

/**
 * The link to the current view and the `<iframe>` code of its embed, each with a Copy button, and
 * "Customise the embed", which turns the dialog into the embed's builder.
 */
export function ShareDialog({ view, origin, onClose }: ShareProps & { onClose(): void }) {
  const { t } = useTranslation();
  const [building, setBuilding] = useState(false);
  const copy = useCopyToClipboard();
  const linkId = useId();
  const codeId = useId();
  const hintId = useId();
  const link = viewStateLink(origin, view);
  const code = iframeCode(embedLink(origin, view), t('share.frameTitle'));

  if (building)
    return (
      <Suspense fallback={null}>
        <EmbedBuilder view={view} origin={origin} onClose={onClose} onBack={() => setBuilding(false)} />
      </Suspense>
    );
  return (
    <ModalDialog title={t('share.title')} onClose={onClose} testId="share-dialog">
      <p className="text-sm text-gray-700">{t('share.intro')}</p>

      <label htmlFor={linkId} className="mt-5 block text-sm font-medium text-gray-900">
        {t('share.linkLabel')}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id={linkId}
          data-testid="share-link"
          readOnly
          value={link}
          onFocus={selectAll}
          className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs text-gray-900"
        />
        <button
          type="button"
          data-testid="copy-share-link"
          className={`${buttonStyles.primary} shrink-0`}
          onClick={() => void copy(link)}
        >
          <LinkIcon className="size-4" />
          {t('share.copyLink')}
        </button>
      </div>

      <label htmlFor={codeId} className="mt-5 block text-sm font-medium text-gray-900">
        {t('share.embedLabel')}
      </label>
      <p id={hintId} className="mt-0.5 text-xs text-gray-600">
        {t('share.embedHint')}
      </p>
      <textarea
        id={codeId}
        data-testid="embed-code"
        readOnly
        value={code}
        rows={5}
        aria-describedby={hintId}
        onFocus={selectAll}
        className="mt-1.5 block w-full resize-none rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs break-all text-gray-900"
      />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          data-testid="customise-embed"
          className={buttonStyles.secondary}
          onClick={() => setBuilding(true)}
        >
          {t('share.customiseEmbed')}
        </button>
        <button
          type="button"
          data-testid="copy-embed-code"
          className={buttonStyles.primary}
          onClick={() => void copy(code)}
        >
          <CopyIcon className="size-4" />
          {t('share.copyCode')}
        </button>
      </div>
    </ModalDialog>
  );
}
