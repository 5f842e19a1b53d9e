import type { FieldFilterParam } from '@karta/contracts';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useFieldFilters } from '../../../features/field-filters/hooks/use-field-filters.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useCategoryLooks } from '../../../lib/categories/use-category-looks.ts';
import { EMBED_OPTION_PARAMETERS, parseEmbedOptions } from '../../../lib/embed-options.ts';
import { placeOfListItem } from '../../../lib/places/list-places.ts';
import { publicOrigin } from '../../../lib/public-origin.ts';
import { viewStateLink } from '../../../lib/view-url.ts';
import { usePlacesMap, useViewDefaults } from '../../places-map/use-places-map.tsx';
import { useViewUrlState } from '../../places-map/use-view-url-state.ts';
import { FullscreenButton, NewTabLink, ProposeLink } from './embed-controls.tsx';
import { EmbedPlacesList } from './embed-places-list.tsx';
import { currentEmbedderHost } from './embedder.ts';
import { proposeLink } from './propose-link.ts';
import { useFullscreen } from './use-fullscreen.ts';

const NO_FILTERS: readonly FieldFilterParam[] = [];

/**
 * `/embed?lat=…&lng=…&z=…&place=…&cat=…[&f.<key>=…][&lang=hr][&h=…&list=1&fs=1&propose=1&fixed=1]`:
 * the map for an `<iframe>` on another site, 100% wide and 400 px high unless the partner chose
 * another height (lib/embed-options.ts). Clusters, circles and info windows as on the home page,
 * with the same category and field filters, through the same public API (so a place shows only
 * what a visitor sees); the view and selection stay in the frame's URL. Optionally a list of the
 * places in view beside the map (below it in a narrow frame), a fullscreen button, "Propose a
 * place", and a fixed area. Every link opens Karta in a new tab, never inside the frame.
 */
export function EmbedPage() {
  const { t } = useTranslation();
  // The map alone is the home page's map: named as the home page is, in a tab opened on its own.
  usePageTitle(null);
  const config = useRuntimeConfig();
  const options = parseEmbedOptions(useSearch(), config.languages);
  const frame = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(frame);
  const {
    view: urlView,
    moveTo,
    selectPlace,
    clearMissingPlace,
    setFilters,
  } = useViewUrlState(useViewDefaults(), { keep: EMBED_OPTION_PARAMETERS });
  const { lookOf } = useCategoryLooks(config.defaultLanguage);
  // The filters of the link that apply to its categories, as the home page reads them.
  const applied = useFieldFilters({
    categories: urlView.categories,
    filters: urlView.filters ?? NO_FILTERS,
    onDropped: (kept) => setFilters(kept, 'replace'),
  }).filters;
  const view = useMemo(() => ({ ...urlView, filters: applied }), [urlView, applied]);
  const site = publicOrigin(config.publicUrl);
  const fullMap = viewStateLink(site, view);
  // Read once: the frame's embedder does not change while it is shown.
  const [from] = useMemo(() => [currentEmbedderHost()], []);

  const map = usePlacesMap({
    view,
    moveTo,
    selectPlace,
    clearMissingPlace,
    lookOf,
    detailsInNewTab: true,
    className: 'size-full',
    keepToStartArea: options.fixedArea,
    overlay: (
      <div
        data-map-overlay
        // Clear of the zoom buttons in the other corner, however narrow the frame.
        style={{ maxWidth: 'calc(100% - 4rem)' }}
        className="absolute top-3 right-3 z-[1000] flex flex-wrap justify-end gap-2"
      >
        {options.propose && (
          <ProposeLink
            href={proposeLink(site, {
              // The URL follows the map as it moves: its view is the one on screen.
              position: view.center,
              zoom: view.zoom,
              category: view.categories.length === 1 ? (view.categories[0] ?? null) : null,
              from,
            })}
          />
        )}
        {options.fullscreen && fullscreen.supported && (
          <FullscreenButton active={fullscreen.active} onToggle={fullscreen.toggle} />
        )}
        <NewTabLink href={fullMap} testId="view-on-karta">
          {t('embed.viewOnKarta')}
        </NewTabLink>
      </div>
    ),
  });

  return (
    <main
      ref={frame}
      data-testid="embed"
      // A frame shorter than the height chosen (an oEmbed consumer's bound) holds the whole embed.
      style={{ height: options.height, maxHeight: '100vh' }}
      className="flex w-full flex-col overflow-hidden bg-white sm:flex-row"
    >
      <h1 className="sr-only">{t('embed.title')}</h1>
      <div className="relative min-h-0 min-w-0 flex-1">{map.element}</div>
      {options.list && (
        <EmbedPlacesList
          view={view}
          viewport={map.viewport}
          lookOf={lookOf}
          onSelect={(place) => map.choosePlace(placeOfListItem(place))}
        />
      )}
    </main>
  );
}
