import type { Bounds, Category, ClientConfig, OfflineHours, OfflineTown, Place } from '@karta/contracts';

/** The part of a saved area its places' hours come from. */
export interface AreaHours {
  savedAt: string;
  horizon: string;
  hours: readonly OfflineHours[];
}

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
}
