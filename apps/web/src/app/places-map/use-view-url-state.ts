import type { FieldFilterParam } from '@karta/contracts';
import { type LatLng, normalizeCenter } from '@karta/map-core';
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  isSameSpot,
  parseViewState,
  sameViewInUrl,
  serializeViewState,
  type ViewDefaults,
  type ViewState,
} from '../../lib/view-url.ts';

type HistoryMode = 'push' | 'replace';

/** `&lang=hr`: the parameters named in `names` as the URL has them, to carry through view updates. */
function keptParameters(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `&${text}` : '';
}

interface ViewUrlOptions {
  /** Other query parameters the page reads (the embed's `lang`), kept when the view is written. */
  keep?: readonly string[];
}

/**
 * The map's view (home page and embed), read from and written to the URL. Map moves replace the history entry
 * (Back does not replay every pan); a selection, a filter or a search change pushes one.
 */
export function useViewUrlState(defaults: ViewDefaults, { keep = [] }: ViewUrlOptions = {}) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const view = useMemo(() => parseViewState(search, defaults), [search, defaults]);
  // The view as last written, so two updates before the next render build on each other.
  const latest = useRef(view);
  latest.current = view;
  const kept = keptParameters(search, keep);

  const update = useCallback(
    (patch: Partial<ViewState>, mode: HistoryMode) => {
      const next = { ...latest.current, ...patch };
      if (sameViewInUrl(next, latest.current)) return;
      latest.current = next;
      navigate(`${path}?${serializeViewState(next)}${kept}`, { replace: mode === 'replace' });
    },
    [navigate, path, kept],
  );

  // After panning once around the world an engine may report lng 200: the URL keeps −180…180.
  const moveTo = useCallback(
    (center: LatLng, zoom: number) => {
      // A map settling on its pixel grid reports the linked view a fraction of a pixel away: the
      // link stays as it was opened, so a shared link does not change by itself.
      if (isSameSpot(latest.current, normalizeCenter(center), zoom)) return;
      update({ center: normalizeCenter(center), zoom }, 'replace');
    },
    [update],
  );
  const selectPlace = useCallback((placeId: number | null) => update({ placeId }, 'push'), [update]);
  const clearMissingPlace = useCallback(() => update({ placeId: null }, 'replace'), [update]);
  // A change of categories may drop field filters the new categories do not have: one step.
  const setCategories = useCallback(
    (categories: readonly string[], filters?: readonly FieldFilterParam[]) =>
      update(filters === undefined ? { categories } : { categories, filters }, 'push'),
    [update],
  );
  // A link's filters that no category offers any more are dropped in place (`replace`).
  const setFilters = useCallback(
    (filters: readonly FieldFilterParam[], mode: HistoryMode = 'push') => update({ filters }, mode),
    [update],
  );

  // A new search or its clearing is a step Back returns from; an open info window closes with it.
  const setSearch = useCallback(
    (search: string | undefined) => update({ search, placeId: null }, 'push'),
    [update],
  );

  const setOpenNow = useCallback((openNow: boolean) => update({ openNow }, 'push'), [update]);

  return { view, moveTo, selectPlace, clearMissingPlace, setCategories, setSearch, setOpenNow, setFilters };
}
