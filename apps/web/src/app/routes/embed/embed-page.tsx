import type { FieldFilterParam } from '@karta/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalLinkIcon } from '../../../components/ui/icons.tsx';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useFieldFilters } from '../../../features/field-filters/hooks/use-field-filters.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useCategoryLooks } from '../../../lib/categories/use-category-looks.ts';
import { publicOrigin } from '../../../lib/embed-code.ts';
import { viewStateLink } from '../../../lib/view-url.ts';
import { usePlacesMap, useViewDefaults } from '../../places-map/use-places-map.tsx';
import { useViewUrlState } from '../../places-map/use-view-url-state.ts';

/** The embed's own parameters besides the view, kept in its URL as the map moves. */
const EMBED_PARAMETERS = ['lang'] as const;

const NO_FILTERS: readonly FieldFilterParam[] = [];

/**
 * `/embed?lat=…&lng=…&z=…&place=…&cat=…[&f.<key>=…][&lang=hr]`: only the map, 100% × 400 px, for an
 * `<iframe>` on another site. Clusters, circles and info windows as on the home page, with the same
 * category and field filters; the view and selection stay in the frame's URL; Details and "View on
 * Karta" open Karta in a new tab, never inside the frame.
 */
export function EmbedPage() {
  const { t } = useTranslation();
  // The map alone is the home page's map: named as the home page is, in a tab opened on its own.
  usePageTitle(null);
  const config = useRuntimeConfig();
  const {
    view: urlView,
    moveTo,
    selectPlace,
    clearMissingPlace,
    setFilters,
  } = useViewUrlState(useViewDefaults(), { keep: EMBED_PARAMETERS });
  const { lookOf } = useCategoryLooks(config.defaultLanguage);
  // The filters of the link that apply to its categories, as the home page reads them.
  const applied = useFieldFilters({
    categories: urlView.categories,
    filters: urlView.filters ?? NO_FILTERS,
    onDropped: (kept) => setFilters(kept, 'replace'),
  }).filters;
  const view = useMemo(() => ({ ...urlView, filters: applied }), [urlView, applied]);
  const fullMap = viewStateLink(publicOrigin(config.publicUrl), view);

  const map = usePlacesMap({
    view,
    moveTo,
    selectPlace,
    clearMissingPlace,
    lookOf,
    detailsInNewTab: true,
    overlay: (
      <a
        data-testid="view-on-karta"
        href={fullMap}
        target="_blank"
        rel="noopener"
        data-map-overlay
        className="absolute top-3 right-3 z-[1000] inline-flex items-center gap-1 rounded-md bg-white/95 px-2 py-1 text-xs font-medium text-blue-800 shadow-md ring-1 ring-gray-900/10 hover:bg-white hover:underline"
      >
        {t('embed.viewOnKarta')}
        <ExternalLinkIcon className="size-3" />
        <span className="sr-only"> {t('actions.opensInNewTab')}</span>
      </a>
    ),
  });

  return (
    <main className="h-[400px] w-full overflow-hidden bg-white">
      <h1 className="sr-only">{t('embed.title')}</h1>
      {map.element}
    </main>
  );
}
