import { type Bounds, type LatLng, normalizeBounds } from '@karta/map-core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { lazyWithAllMessages } from '../../../lib/i18n/lazy-with-all-messages.tsx';
import type { FollowTarget } from '../utils/follow-target.ts';

// The dialog (with the contracts' e-mail rules, zod among them) is a chunk of its own, fetched on
// the first click with its messages, which are not the first view's: the home page's first view
// carries neither (decision 019).
const FollowDialog = lazyWithAllMessages(async () => (await import('./follow-dialog.tsx')).FollowDialog);

interface FollowButtonProps {
  /** What to follow, read when the button is pressed. */
  target(): FollowTarget;
  kind: FollowTarget['kind'];
  className: string;
  /** Shows only the icon on a phone (the text stays the button's name). */
  compact?: boolean;
}

/** "Follow this area / spot": opens the follow dialog for what the page shows when it is pressed. */
function FollowButton({ target, kind, className, compact = false }: FollowButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<FollowTarget | null>(null);
  return (
    <>
      <button
        type="button"
        data-testid={`follow-${kind}`}
        aria-haspopup="dialog"
        className={className}
        onClick={() => setOpen(target())}
      >
        <MailIcon className="size-4 text-blue-700" />
        <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>{t(`follows.button.${kind}`)}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <FollowDialog target={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * "Follow this area" over the map's corner: the box in view with the category filter, by e-mail,
 * named in words by `near` (the places nearest its centre). Only where the site sends e-mail, and
 * once the map has a view.
 */
export function FollowAreaButton({
  bounds,
  categories,
  near = [],
}: {
  bounds: Bounds | null;
  categories: readonly string[];
  near?: readonly string[];
}) {
  const { mail } = useRuntimeConfig();
  if (!mail || !bounds) return null;
  return (
    <FollowButton
      kind="area"
      compact
      target={() => ({
        kind: 'area',
        bbox: normalizeBounds(bounds),
        categories: [...categories],
        near: [...near],
      })}
      className={buttonStyles.mapOverlay}
    />
  );
}

/**
 * "Follow this spot" by the places that serve a point: an e-mail when a place starts or stops
 * serving it, in the chosen categories. Only where the site sends e-mail.
 */
export function FollowSpotButton({ point, categories }: { point: LatLng; categories: readonly string[] }) {
  const { mail } = useRuntimeConfig();
  if (!mail) return null;
  return (
    <FollowButton
      kind="spot"
      target={() => ({ kind: 'spot', point: { ...point }, categories: [...categories] })}
      className={`${buttonStyles.secondary} h-10`}
    />
  );
}
