import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLinkIcon, MapPinIcon } from '../../../components/ui/icons.tsx';

const CONTROL =
  'inline-flex items-center gap-1 rounded-md bg-white/95 px-2 py-1 text-xs font-medium text-blue-800 shadow-md ring-1 ring-gray-900/10 hover:bg-white hover:underline';

/** A link of the embed that opens Karta in a new tab, never inside the frame. */
export function NewTabLink({
  href,
  testId,
  icon,
  children,
}: {
  href: string;
  testId: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <a data-testid={testId} href={href} target="_blank" rel="noopener" className={CONTROL}>
      {icon}
      {children}
      {!icon && <ExternalLinkIcon className="size-3" />}
      <span className="sr-only"> {t('actions.opensInNewTab')}</span>
    </a>
  );
}

/** "Propose a place": Karta's form in a new tab (see propose-link.ts). */
export function ProposeLink({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <NewTabLink href={href} testId="embed-propose" icon={<MapPinIcon className="size-3.5" />}>
      {t('embed.propose')}
    </NewTabLink>
  );
}

/**
 * Drawn as components/ui/icons.tsx draws its icons; its `Icon` is not exported for this one, so the
 * home page's bundle (which holds icons.tsx) exports nothing more for the embed's chunk.
 */
function FullscreenIcon({ exit }: { exit: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-3.5 shrink-0"
    >
      {exit ? (
        <path d="M8 3v3a2 2 0 0 1-2 2H3m18 0h-3a2 2 0 0 1-2-2V3m0 18v-3a2 2 0 0 1 2-2h3M3 16h3a2 2 0 0 1 2 2v3" />
      ) : (
        <path d="M8 3H5a2 2 0 0 0-2 2v3m18 0V5a2 2 0 0 0-2-2h-3m0 18h3a2 2 0 0 0 2-2v-3M3 16v3a2 2 0 0 0 2 2h3" />
      )}
    </svg>
  );
}

/** Shows the embed on the whole screen, and back. */
export function FullscreenButton({ active, onToggle }: { active: boolean; onToggle(): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-testid="embed-fullscreen"
      aria-pressed={active}
      className={CONTROL}
      onClick={onToggle}
    >
      <FullscreenIcon exit={active} />
      {t(active ? 'embed.exitFullscreen' : 'embed.fullscreen')}
    </button>
  );
}
