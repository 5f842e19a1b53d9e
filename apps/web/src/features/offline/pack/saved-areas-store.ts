import { openOfflineDatabase as open, type SavedAreaSummary } from '../../../lib/offline/offline-database.ts';
import type { SavedArea } from '../../../lib/offline/saved-area.ts';
import { forgetBasemapTiles } from './saved-basemap.ts';

export type { SavedAreaSummary };

const listeners = new Set<() => void>();

/** Called after every change of the saved areas (the offline answers reload them). */
export function onSavedAreasChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed() {
  for (const listener of listeners) listener();
}

/** Saves an area, replacing the one with its id (a refresh). */
export async function putSavedArea(area: SavedArea): Promise<SavedAreaSummary> {
  const { places, categories, hours, horizon, maxZoom, towns, townsAttribution, ...rest } = area;
  const summary: SavedAreaSummary = {
    ...rest,
    placeCount: places.length,
    bytes: new Blob([JSON.stringify(places), JSON.stringify(hours)]).size,
  };
  const transaction = (await open()).transaction(['areas', 'places'], 'readwrite');
  await Promise.all([
    transaction.objectStore('areas').put({ ...summary, maxZoom }),
    transaction
      .objectStore('places')
      .put({ id: area.id, places, categories, hours, horizon, towns, townsAttribution }),
    transaction.done,
  ]);
  changed();
  return summary;
}

/** Removes an area with the base-map tiles that no other saved area needs. */
export async function removeSavedArea(id: string): Promise<void> {
  const areas = await (await open()).getAll('areas');
  const removed = areas.find((area) => area.id === id);
  if (removed)
    await forgetBasemapTiles(
      removed,
      areas.filter((area) => area.id !== id),
    );
  const transaction = (await open()).transaction(['areas', 'places'], 'readwrite');
  await Promise.all([
    transaction.objectStore('areas').delete(id),
    transaction.objectStore('places').delete(id),
    transaction.done,
  ]);
  changed();
}

/** Every saved area, without its places, newest first. */
export async function listSavedAreas(): Promise<SavedAreaSummary[]> {
  const areas = await (await open()).getAll('areas');
  return areas
    .map(({ maxZoom: _, ...summary }) => summary)
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** The configuration kept with the newest saved area that has one (see SavedAreaSummary). */
export async function savedConfig(): Promise<SavedAreaSummary['config']> {
  const newestFirst = await listSavedAreas();
  return newestFirst.find((area) => area.config)?.config;
}

/**
 * Every saved area with its places. One saved before packs carried hours gets a week that ends
 * as it begins: it knows no place's state (`unknown`), and answers no "open now".
 */
export async function readSavedAreas(): Promise<SavedArea[]> {
  const db = await open();
  const [areas, contents] = await Promise.all([db.getAll('areas'), db.getAll('places')]);
  const byId = new Map(contents.map((content) => [content.id, content]));
  return areas.flatMap(({ id, bbox, savedAt, maxZoom }) => {
    const content = byId.get(id);
    if (!content) return [];
    const { places, categories, hours = [], horizon = savedAt, towns, townsAttribution } = content;
    const area: SavedArea = { id, bbox, savedAt, horizon, maxZoom, places, categories, hours };
    // Areas saved before packs carried towns have none (and no key, as before).
    return [towns ? { ...area, towns, townsAttribution: townsAttribution ?? '' } : area];
  });
}
