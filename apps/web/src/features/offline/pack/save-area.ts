import { type Bounds, normalizeBounds } from '@karta/map-core';
import { api } from '../../../lib/api-client.ts';
import { putSavedArea, type SavedAreaSummary } from './saved-areas-store.ts';

/**
 * Downloads the published places of `bounds` with their hours for a week (the server's offline
 * pack) and keeps them on this device as the area `id` (a new one, or the one being refreshed).
 */
export async function saveArea(
  bounds: Bounds,
  maxZoom: number,
  id: string = crypto.randomUUID(),
): Promise<SavedAreaSummary> {
  const pack = await api.offlinePack({ bbox: normalizeBounds(bounds) });
  return putSavedArea({
    id,
    bbox: pack.bbox,
    savedAt: pack.savedAt,
    horizon: pack.horizon,
    maxZoom,
    places: pack.places,
    categories: pack.categories,
    hours: pack.hours,
  });
}
