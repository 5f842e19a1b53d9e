import type { SavedAreaSummary } from '../../../lib/offline/offline-database.ts';

/** What an area takes on this device: its places and hours, and the base-map tiles it kept. */
export function savedAreaBytes(area: Pick<SavedAreaSummary, 'bytes' | 'basemap'>): number {
  return area.bytes + (area.basemap?.saved ? area.basemap.bytes : 0);
}
