import type { FieldFilterParam } from '@karta/contracts';
import { lazy, type RefObject, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { FilterIcon } from '../../../components/ui/icons.tsx';
import { usePreload } from '../../../hooks/use-preload.ts';
import { withoutField } from '../utils/filter-edits.ts';
import { filterSummaries } from '../utils/filter-summary.ts';
import type { OfferedGroup } from '../utils/offered-filters.ts';
import { ActiveFilters } from './active-filters.tsx';

/**
 * The open panel and its controls: a chunk of its own, off the home page's first view (its
 * messages are in the first view's part, so plain `lazy` will do).
 */
const loadSheet = () => import('./filter-sheet.tsx');
const FilterSheet = lazy(async () => ({ default: (await loadSheet()).FilterSheet }));

/** The page's count of the places its filters leave, as it says it ("12 places in view"). */
export interface FilterCount {
  text: string;
  total: number;
}

interface FieldFilterPanelProps {
  /** The fields offered, by category (see `offeredFilterGroups`); nothing is shown without any. */
  groups: readonly OfferedGroup[];
  filters: readonly FieldFilterParam[];
  onChange(filters: FieldFilterParam[]): void;
  /** How many places the filters leave, for the same view; null while it is counted. */
  count: FilterCount | null;
  /** The map, kept in sight above the open sheet (see filter-sheet.tsx). */
  keepInView?: RefObject<HTMLElement | null>;
  /** The level of the panel's heading in the page's outline (its groups' one below). */
  headingLevel?: 2 | 3;
  /** On a wide screen the sheet stands at this side of the window (the one away from the map). */
  wideSide?: 'left' | 'right';
  className?: string;
}

/**
 * "Filters" and its panel: the filterable fields of the chosen categories, each by its type, the
 * number of places they leave, "Clear filters" and "Show places" (the sheet, filter-sheet.tsx).
 * Closed, the button's badge counts the fields filtered on and the filters are listed, each
 * removable. The focus goes back to the button on Escape, "Show places" or the sheet's close button.
 */
export function FieldFilterPanel(props: FieldFilterPanelProps) {
  const {
    groups,
    filters,
    onChange,
    count,
    keepInView,
    headingLevel = 3,
    wideSide = 'left',
    className = '',
  } = props;
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  // The sheet's code arrives when the page is idle, or as soon as the visitor reaches for the button.
  const preload = usePreload(loadSheet);

  if (groups.length === 0) return null;

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const active = filters.length;
  const summaries = filterSummaries(filters, groups, {
    yes: t('filters.yes'),
    no: t('filters.no'),
    from: (min) => t('filters.rangeFrom', { min }),
    upTo: (max) => t('filters.rangeTo', { max }),
    between: (min, max) => t('filters.rangeBetween', { min, max }),
    locale: i18n.language,
  });
  return (
    <div data-testid="field-filters" className={`min-w-0 ${className}`}>
      <button
        ref={trigger}
        type="button"
        data-testid="field-filters-button"
        data-active={active}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
        {...preload}
        className={`${buttonStyles.secondary} min-h-11 ${active > 0 ? 'border-blue-700 text-blue-900' : ''}`}
      >
        <FilterIcon className="size-4 text-blue-700" />
        {t('filters.button')}
        {active > 0 && (
          <>
            <span
              aria-hidden="true"
              data-testid="field-filters-badge"
              className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-blue-700 px-1.5 text-xs font-semibold text-white tabular-nums"
            >
              {active}
            </span>
            <span className="sr-only">, {t('filters.activeCount', { count: active })}</span>
          </>
        )}
      </button>
      {!open && (
        <ActiveFilters summaries={summaries} onRemove={(key) => onChange(withoutField(filters, key))} />
      )}
      {open && (
        <Suspense fallback={null}>
          <FilterSheet
            id={panelId}
            groups={groups}
            filters={filters}
            onChange={onChange}
            count={count}
            keepInView={keepInView}
            headingLevel={headingLevel}
            wideSide={wideSide}
            onClose={close}
          />
        </Suspense>
      )}
    </div>
  );
}
