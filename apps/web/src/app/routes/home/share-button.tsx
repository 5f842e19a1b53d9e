import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { LinkIcon } from '../../../components/ui/icons.tsx';
import { usePreload } from '../../../hooks/use-preload.ts';
import type { ShareProps } from './share-dialog.tsx';

/**
 * The dialog (with the modal frame and the embed code) is a chunk of its own, off the home page's
 * first view; its messages are in the first view's part, so plain `lazy` will do.
 */
const loadDialog = () => import('./share-dialog.tsx');
const ShareDialog = lazy(async () => ({ default: (await loadDialog()).ShareDialog }));

/** "Share" (over the map's corner, with the other area tools); opens the share / embed dialog for the view on screen. */
export function ShareButton(props: ShareProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The dialog's code arrives when the page is idle, or as soon as the visitor reaches for the button.
  const preload = usePreload(loadDialog);
  return (
    <>
      <button
        type="button"
        data-testid="share-button"
        aria-haspopup="dialog"
        aria-label={t('share.buttonLabel')}
        title={t('share.buttonLabel')}
        className={buttonStyles.mapOverlay}
        onClick={() => setOpen(true)}
        {...preload}
      >
        <LinkIcon className="size-4 text-blue-700" />
        {t('share.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
