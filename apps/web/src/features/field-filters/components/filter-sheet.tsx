import type { FieldFilterParam } from '@karta/contracts';
import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import type { OfferedGroup } from '../utils/offered-filters.ts';
import { FieldFilterControl } from './field-filter-control.tsx';
import type { FilterCount } from './field-filter-panel.tsx';

export interface FilterSheetProps {
  /** The id the button's `aria-controls` names. */
  id: string;
  groups: readonly OfferedGroup[];
  filters: readonly FieldFilterParam[];
  onChange(filters: FieldFilterParam[]): void;
  count: FilterCount | null;
  keepInView?: RefObject<HTMLElement | null>;
  headingLevel: 2 | 3;
  wideSide: 'left' | 'right';
  /** Escape, the close button or "Show places". */
  onClose(): void;
}

/** The sheet is never lower than this, even where the map leaves less room (a phone held sideways). */
const MIN_SHEET_PX = 240;
/** The share of the window the sheet may take when it covers no map. */
const BESIDE_MAP_SHARE = 0.85;

/**
 * The open filter panel: a sheet at the bottom of the window (full width on a phone, a card from
 * 640 px). Where it would cover the map, the page first brings the map to the top and the sheet
 * takes the room under it (at least 240 px), so the map and its controls stay in sight and change
 * as the visitor chooses. It is not modal: a labelled region right after its button (the Tab order
 * runs into it) that takes the focus when it opens. Its own chunk, loaded when the page is idle
 * after its first view or as the visitor reaches for the button.
 */
export function FilterSheet(props: FilterSheetProps) {
  const { id, groups, filters, onChange, count, keepInView, headingLevel, wideSide, onClose } = props;
  const { t } = useTranslation();
  const [sheetHeight, setSheetHeight] = useState<number | null>(null);
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);

  // The map stays in sight: where the sheet would cover it, the page brings the map to the top (at
  // once: the sheet is sized by where it ends up) and the sheet takes the room under it; where the
  // map is beside the sheet (Near me on a wide screen), the sheet may be tall. Again when the window
  // changes size (a phone turned).
  useLayoutEffect(() => {
    const fit = (scroll: boolean) => {
      const sheet = panel.current?.getBoundingClientRect();
      const map = keepInView?.current?.getBoundingClientRect();
      if (!sheet) return;
      if (!map || map.right <= sheet.left || map.left >= sheet.right) {
        setSheetHeight(Math.round(window.innerHeight * BESIDE_MAP_SHARE));
        return;
      }
      if (scroll) window.scrollTo({ top: map.top + window.scrollY, behavior: 'instant' });
      const bottom = keepInView?.current?.getBoundingClientRect().bottom ?? 0;
      setSheetHeight(Math.max(MIN_SHEET_PX, Math.round(window.innerHeight - Math.max(0, bottom))));
    };
    fit(true);
    title.current?.focus({ preventScroll: true });
    const refit = () => fit(false);
    window.addEventListener('resize', refit);
    return () => window.removeEventListener('resize', refit);
  }, [keepInView]);

  const Title = `h${headingLevel}` as const;
  const GroupTitle = `h${headingLevel + 1}` as 'h3' | 'h4';

  return (
    <section
      id={id}
      aria-labelledby={titleId}
      data-testid="field-filters-panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      ref={panel}
      style={sheetHeight === null ? undefined : { maxHeight: sheetHeight }}
      className={`fixed inset-x-0 bottom-0 z-[1100] flex max-h-[60vh] flex-col rounded-t-2xl border-t border-gray-200 bg-white shadow-[0_-8px_24px_rgb(0_0_0/0.18)] sm:inset-x-auto sm:left-1/2 sm:w-[36rem] sm:-translate-x-1/2 sm:border-x lg:w-[26rem] lg:translate-x-0 ${
        wideSide === 'left' ? 'lg:left-6' : 'lg:right-6 lg:left-auto'
      }`}
    >
      <div className="flex items-start justify-between gap-3 border-b border-gray-200 py-2 pr-2 pl-4">
        <div className="min-w-0 py-1.5">
          <Title
            id={titleId}
            ref={title}
            tabIndex={-1}
            className="text-base font-semibold text-gray-900 outline-none"
          >
            {t('filters.title')}
          </Title>
          <p
            aria-live="polite"
            data-testid="field-filters-count"
            data-total={count?.total}
            className="min-h-5 text-sm text-gray-700"
          >
            {count?.text}
          </p>
        </div>
        <button
          type="button"
          aria-label={t('filters.close')}
          title={t('filters.close')}
          onClick={onClose}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto overscroll-contain px-4 py-3">
        {groups.map((group) => (
          <div key={group.categorySlug ?? ''} data-testid="field-filter-group">
            {/* One category's fields need no heading: the visitor has just chosen it. */}
            {groups.length > 1 && (
              <GroupTitle className="mb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">
                {group.heading || t('filters.shared')}
              </GroupTitle>
            )}
            <div className="space-y-4">
              {group.fields.map((field) => (
                <FieldFilterControl key={field.key} field={field} filters={filters} onChange={onChange} />
              ))}
            </div>
          </div>
        ))}
      </div>
      <div className="flex gap-2 border-t border-gray-200 px-4 py-3">
        <button
          type="button"
          data-testid="clear-field-filters"
          disabled={filters.length === 0}
          onClick={() => onChange([])}
          className={`${buttonStyles.secondary} min-h-11 flex-1`}
        >
          {t('filters.clear')}
        </button>
        <button
          type="button"
          data-testid="show-filtered-places"
          onClick={onClose}
          className={`${buttonStyles.primary} min-h-11 flex-1`}
        >
          {t('filters.show')}
        </button>
      </div>
    </section>
  );
}
