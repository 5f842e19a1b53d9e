import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { embedLink, iframeCode } from '../../../lib/embed-code.ts';
import { lazyWithAllMessages } from '../../../lib/i18n/lazy-with-all-messages.tsx';
import { type ViewState, viewStateLink } from '../../../lib/view-url.ts';
import { CopyCodeField, CopyLinkField } from './copy-fields.tsx';

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

/**
 * The link to the current view and the `<iframe>` code of its embed, each with a Copy button, and
 * "Customise the embed", which turns the dialog into the embed's builder.
 */
export function ShareDialog({ view, origin, onClose }: ShareProps & { onClose(): void }) {
  const { t } = useTranslation();
  const [building, setBuilding] = useState(false);
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

      <CopyLinkField
        label={t('share.linkLabel')}
        value={link}
        testId="share-link"
        copyTestId="copy-share-link"
      />
      <CopyCodeField
        label={t('share.embedLabel')}
        hint={t('share.embedHint')}
        value={code}
        testId="embed-code"
        copyTestId="copy-embed-code"
      >
        <button
          type="button"
          data-testid="customise-embed"
          className={buttonStyles.secondary}
          onClick={() => setBuilding(true)}
        >
          {t('share.customiseEmbed')}
        </button>
      </CopyCodeField>
    </ModalDialog>
  );
}
