import type { ClientConfig } from '@karta/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Draft } from './drafts/draft.ts';
import type { SavedArea } from './saved-area.ts';

/** What Settings lists of a saved area: everything but its places and categories. */
export interface SavedAreaSummary {
  id: string;
  bbox: SavedArea['bbox'];
  savedAt: string;
  placeCount: number;
  /** The size of its places and their hours as stored (their JSON), in bytes. */
  bytes: number;
  /** What it kept of the deployment's own base map, whose bytes add to its size. */
  basemap?: SavedArea['basemap'];
  /**
   * The deployment's configuration when it was saved, so the app can start with no network
   * (absent from areas saved before it was kept).
   */
  config?: ClientConfig;
}

/** An area's contents as stored: an area saved before packs carried hours (or towns) has none. */
export type StoredAreaContents = Pick<SavedArea, 'id' | 'places' | 'categories'> &
  Partial<Pick<SavedArea, 'hours' | 'horizon' | 'towns' | 'townsAttribution'>>;

/**
 * Karta's browser database. `areas` holds each saved area's description and `places` its places,
 * categories and hours (two stores, so listing the areas never reads their places); `drafts` the
 * proposals and edits waiting to be sent (version 2). The page and the service worker both open it.
 */
export interface OfflineSchema extends DBSchema {
  areas: { key: string; value: SavedAreaSummary & { maxZoom: number } };
  places: { key: string; value: StoredAreaContents };
  drafts: { key: string; value: Draft };
}

const DATABASE = 'karta-offline';
const VERSION = 2;
let database: Promise<IDBPDatabase<OfflineSchema>> | undefined;

export function openOfflineDatabase(): Promise<IDBPDatabase<OfflineSchema>> {
  database ??= openDB<OfflineSchema>(DATABASE, VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('areas', { keyPath: 'id' });
        db.createObjectStore('places', { keyPath: 'id' });
      }
      if (oldVersion < 2) db.createObjectStore('drafts', { keyPath: 'id' });
    },
    // A newer version of Karta (another tab, or the service worker after an update) needs to
    // upgrade the database: let it, and open it again at the next use.
    blocking() {
      void database?.then((db) => db.close());
      database = undefined;
    },
    terminated() {
      database = undefined;
    },
  });
  return database;
}
