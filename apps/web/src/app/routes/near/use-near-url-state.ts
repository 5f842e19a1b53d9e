import type { FieldFilterParam } from '@karta/contracts';
import { type LatLng, normalizeCenter } from '@karta/map-core';
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  type NearRadius,
  type NearState,
  type NearTab,
  parseNearState,
  serializeNearState,
} from '../../../lib/near-url.ts';

/**
 * The Near me screen's point, radius, tab, category and field filters, read from and written to the URL. A new point, radius,
 * tab or filter pushes a history entry (Back returns to the previous search); dragging the point replaces
 * it, so Back does not replay every step of a drag.
 */
export function useNearUrlState() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const state = useMemo(() => parseNearState(search), [search]);
  // The state as last written, so two updates before the next render build on each other.
  const latest = useRef(state);
  latest.current = state;

  const update = useCallback(
    (patch: Partial<NearState>, mode: 'push' | 'replace') => {
      const next = { ...latest.current, ...patch };
      const query = serializeNearState(next);
      if (query === serializeNearState(latest.current)) return;
      latest.current = next;
      navigate(`${path}?${query}`, { replace: mode === 'replace' });
    },
    [navigate, path],
  );

  // A map panned around the world may report lng 200: the URL keeps −180…180. A point moved away
  // from an address no longer is that address, so the address goes; one found from an address keeps it.
  const setPoint = useCallback(
    (point: LatLng, mode: 'push' | 'replace', address?: string) =>
      update({ point: normalizeCenter(point), address }, mode),
    [update],
  );
  const setRadius = useCallback((radius: NearRadius) => update({ radius }, 'push'), [update]);
  const setTab = useCallback((tab: NearTab) => update({ tab }, 'push'), [update]);
  // A change of categories may drop field filters the new categories do not have: one step.
  const setCategories = useCallback(
    (categories: readonly string[], filters?: readonly FieldFilterParam[]) =>
      update(filters === undefined ? { categories } : { categories, filters }, 'push'),
    [update],
  );

  const setOpenNow = useCallback((openNow: boolean) => update({ openNow }, 'push'), [update]);
  // A link's filters that no category offers any more are dropped in place (`replace`).
  const setFilters = useCallback(
    (filters: readonly FieldFilterParam[], mode: 'push' | 'replace' = 'push') => update({ filters }, mode),
    [update],
  );

  return { state, setPoint, setRadius, setTab, setCategories, setOpenNow, setFilters };
}
