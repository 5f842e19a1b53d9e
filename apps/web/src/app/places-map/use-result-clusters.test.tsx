import type { Place } from '@karta/contracts';
import { ClusterIndex } from '@karta/map-core/clustering';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigContext } from '../../config/runtime-config.ts';
import type { ClusterView } from '../../features/map/utils/result-clusters.ts';
import { listedPlace, testConfig } from '../../testing/fixtures.ts';
import { useResultClusters } from './use-result-clusters.ts';

/** The module the hook imports on demand. */
const CLUSTERING_CODE = '../../features/map/utils/result-clusters.ts';

const ZAGREB = { lat: 45.8131, lng: 15.9775 };
const CITY: ClusterView = { zoom: 12, bounds: { west: 15.85, south: 45.77, east: 16.1, north: 45.85 } };
const STREET: ClusterView = { zoom: 18, bounds: { west: 15.975, south: 45.812, east: 15.98, north: 45.814 } };

/** Two results 39 m apart: one cluster across the city, two markers up close. */
const neighbours = [
  listedPlace({ id: 1, ...ZAGREB }),
  listedPlace({ id: 2, lat: ZAGREB.lat, lng: ZAGREB.lng + 0.0005 }),
];

function wrapper({ children }: { children: ReactNode }) {
  return <RuntimeConfigContext value={testConfig({ maxZoom: 18 })}>{children}</RuntimeConfigContext>;
}

function renderResultClusters(places: readonly Place[] | undefined, view: ClusterView | null) {
  return renderHook(
    (props: { places: readonly Place[] | undefined; view: ClusterView | null }) =>
      useResultClusters(props.places, props.view, 'en'),
    { wrapper, initialProps: { places, view } },
  );
}

afterEach(() => {
  vi.doUnmock(CLUSTERING_CODE);
  vi.restoreAllMocks();
});

describe('useResultClusters', () => {
  it('imports the clustering code only once there are results to draw', async () => {
    let imports = 0;
    vi.doMock(CLUSTERING_CODE, (importOriginal) => {
      imports += 1;
      return importOriginal();
    });
    const { result, rerender } = renderResultClusters([], CITY);
    // Time for an import to have happened, had one started.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBeUndefined();
    expect(imports).toBe(0);

    rerender({ places: neighbours, view: CITY });
    await waitFor(() => expect(result.current?.clusters.map((cluster) => cluster.count)).toEqual([2]));
    expect(result.current?.places).toEqual([]);
    expect(imports).toBe(1);
  });

  it('asks the same index again for a new view, and builds a new one for new results', async () => {
    const build = vi.spyOn(ClusterIndex, 'build');
    const { result, rerender } = renderResultClusters(neighbours, CITY);
    await waitFor(() => expect(result.current?.clusters).toHaveLength(1));

    rerender({ places: neighbours, view: STREET });
    expect(result.current?.clusters).toEqual([]);
    expect(result.current?.places.map((place) => place.id).sort()).toEqual([1, 2]);
    expect(build).toHaveBeenCalledTimes(1);

    rerender({ places: neighbours.slice(0, 1), view: STREET });
    expect(result.current?.places.map((place) => place.id)).toEqual([1]);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('shows every result as a marker when the clustering code does not load', async () => {
    vi.doMock(CLUSTERING_CODE, () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { result } = renderResultClusters(neighbours, CITY);

    await waitFor(() => expect(result.current?.places.map((place) => place.id)).toEqual([1, 2]));
    expect(result.current?.clusters).toEqual([]);
    expect(result.current?.places[0]?.name).toBe('City Pharmacy Centre');
  });
});
