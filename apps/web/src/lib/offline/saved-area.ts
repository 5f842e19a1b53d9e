import type { Bounds, Category, ClientConfig, OfflineHours, OfflineTown, Place } from '@karta/contracts';

/** The part of a saved area its places' hours come from. */
export interface AreaHours {
  savedAt: string;
  horizon: string;
  hours: readonly OfflineHours[];
}

/**
 * What an area kept of the deployment's own base map (decision 028): its tiles of `tileUrl` from
 * zoom 0 to `maxZoom`, `bytes` as the server stores them; or none (`saved` false), as they were
 * larger than the bound (`bytes` null: too many tiles for the server to count).
 */
export type SavedBasemap =
  | { tileUrl: string; maxZoom: number; bytes: number; saved: true }
  | { tileUrl: string; maxZoom: number; bytes: number | null; saved: false };

/** An area saved for offline use: what the server's offline pack answered, and when. */
export interface SavedArea extends AreaHours {
  id: string;
  bbox: Bounds;
  /** The deployment's highest zoom when it was saved: the clustering index is built for it. */
  maxZoom: number;
  places: Place[];
  categories: Category[];
  /** The deployment's configuration, for starting the app with no network. */
  config?: ClientConfig;
  /** The towns and villages in the box, for address search with no network (none in areas saved before). */
  towns?: OfflineTown[];
  /** Whose data `towns` are. */
  townsAttribution?: string;
  /** Its base-map tiles, on a site with a base map of its own (none on others, or in areas saved before). */
  basemap?: SavedBasemap;
}
