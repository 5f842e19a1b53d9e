import { type Bounds, normalizeBounds } from '@karta/map-core';
import { api } from '../../../lib/api-client.ts';
import { appShellStored } from './app-shell.ts';
import { whenNotBusy } from './busy-retry.ts';
import { putSavedArea, type SavedAreaSummary } from './saved-areas-store.ts';
import { saveBasemapTiles } from './saved-basemap.ts';

/**
 * Downloads the published places of `bounds` with their hours for a week (the server's offline
 * pack) and keeps them on this device as the area `id` (a new one, or the one being refreshed),
 * with the deployment's configuration and, on a site with a base map of its own, the base map's
 * tiles of the box (saved-basemap.ts); done once the app itself is stored too (the service
 * worker's precache), so the next visit starts with no network whatever was opened before. A
 * server busy building other packs is asked again after the wait it names (busy-retry.ts).
 */
export async function saveArea(
  bounds: Bounds,
  maxZoom: number,
  id: string = crypto.randomUUID(),
): Promise<SavedAreaSummary> {
  const bbox = normalizeBounds(bounds);
  const [pack, { config, basemap }] = await Promise.all([
    whenNotBusy(() => api.offlinePack({ bbox })),
    api.config().then(async (config) => ({ config, basemap: await saveBasemapTiles(bbox, config.basemap) })),
  ]);
  const summary = await putSavedArea({
    id,
    bbox: pack.bbox,
    savedAt: pack.savedAt,
    horizon: pack.horizon,
    maxZoom,
    places: pack.places,
    categories: pack.categories,
    hours: pack.hours,
    config,
    towns: pack.towns,
    townsAttribution: pack.townsAttribution,
    ...(basemap && { basemap }),
  });
  await appShellStored();
  return summary;
}
