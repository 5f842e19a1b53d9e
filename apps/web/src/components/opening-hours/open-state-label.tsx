import type { OpenState } from '@karta/contracts';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../config/runtime-config.ts';
import { describeOpenState } from './describe-open-state.ts';
import { useOpenStateNow } from './use-open-state-now.ts';

const DOT = { open: 'bg-green-700', closed: 'bg-red-700', unknown: 'bg-gray-500' } as const;
const TEXT = { open: 'text-green-800', closed: 'text-red-800', unknown: 'text-gray-700' } as const;

/**
 * "Open · closes 16:00" with a coloured dot, true to the minute while the page stays open. One line
 * cut short in lists; with `wrap`, the whole text on as many lines as it takes.
 */
export function OpenStateLabel({
  state,
  className = '',
  wrap = false,
}: {
  state: OpenState;
  className?: string;
  wrap?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useRuntimeConfig();
  const { shown, now } = useOpenStateNow(state);
  const described = describeOpenState(shown, now, { t, language: i18n.language, timeZone });
  if (!described) return null;
  return (
    <span
      data-testid="open-state"
      data-state={described.tone}
      className={`inline-flex min-w-0 gap-1.5 font-medium ${wrap ? 'items-start' : 'items-center'} ${TEXT[described.tone]} ${className}`}
    >
      <span
        aria-hidden="true"
        className={`size-2 shrink-0 rounded-full ${wrap ? 'mt-[calc(0.5lh-0.25rem)]' : ''} ${DOT[described.tone]}`}
      />
      <span className={wrap ? '' : 'truncate'}>{described.text}</span>
    </span>
  );
}
