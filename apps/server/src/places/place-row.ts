import type { Extra, Place, PlaceListItem } from '@karta/contracts';
import { placeOpenState } from '../opening-hours/open-state.ts';
import type { PlaceSettings } from './place-settings.ts';
import { isStale } from './stale.ts';

/** A place row as the readers select it (see place-visibility.ts for the columns). */
export interface PlaceRow {
  id: number;
  external_id: string | null;
  name: Record<string, string>;
  description: Record<string, string>;
  primary_language: string;
  category_id: number;
  category: string;
  lat: number;
  lng: number;
  radius: number | null;
  location_privacy: Place['locationPrivacy'];
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  opening_hours: string | null;
  /** What the open state depends on (migration 013). */
  hours_key: string | null;
  /** The values of the category's fields (see migration 026). */
  extra: Extra;
  last_confirmed_at: Date;
  status: Place['status'];
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
  version: number;
  /** The reader is the author or a moderator: the row holds the exact position. */
  owned: boolean;
  author_id: number | null;
  rejection_reason: string | null;
  /** Whether the author's address is proven (owned rows with an author only). */
  author_verified: boolean | null;
  distance?: number | null;
}

/** The open state of a place by its hours key, now (or at the instant a whole read shares). */
export type OpenStateOf = (hoursKey: string | null) => Place['openState'];

/**
 * The API's place from a row, read with the app's `settings`; the private fields only when the row
 * says the reader owns it. `openStateOf`: one reader for every row of a long read (see
 * `openStatesAt`); by default each row's state now.
 */
export function toPlace(
  row: PlaceRow,
  settings: PlaceSettings,
  openStateOf: OpenStateOf = (hoursKey) => placeOpenState(hoursKey, settings.hours),
): Place {
  return {
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    description: row.description,
    primaryLanguage: row.primary_language,
    categoryId: row.category_id,
    category: row.category,
    lat: row.lat,
    lng: row.lng,
    radius: row.radius,
    locationPrivacy: row.location_privacy,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    openingHours: row.opening_hours,
    openState: openStateOf(row.hours_key),
    extra: row.extra,
    lastConfirmedAt: row.last_confirmed_at.toISOString(),
    stale: isStale(row.last_confirmed_at, settings.staleAfterDays),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    publishedAt: row.published_at ? row.published_at.toISOString() : null,
    version: row.version,
    ...(row.owned
      ? {
          authorId: row.author_id,
          authorVerified: row.author_verified,
          rejectionReason: row.rejection_reason,
        }
      : {}),
  };
}

/** A list's place: the place, and its distance from the list's point to a tenth of a metre. */
export function toListItem(row: PlaceRow, settings: PlaceSettings, openStateOf?: OpenStateOf): PlaceListItem {
  const { distance } = row;
  return {
    ...toPlace(row, settings, openStateOf),
    distance: roundedDistance(distance),
  };
}

/**
 * A visitor's list item kept in memory (see rows-by-id.ts): made once from its row, with what the
 * clock changes (open now, stale) worked out again at each read from the two columns it depends on.
 */
export interface KeptListItem {
  item: PlaceListItem;
  hoursKey: string | null;
  lastConfirmedAt: Date;
}

export function toKeptListItem(row: PlaceRow, settings: PlaceSettings): KeptListItem {
  return {
    item: toListItem({ ...row, distance: null }, settings),
    hoursKey: row.hours_key,
    lastConfirmedAt: row.last_confirmed_at,
  };
}

/** A kept item as `toListItem` makes it now, at `distance` metres. */
export function listItemFromKept(
  kept: KeptListItem,
  distance: number | null,
  settings: PlaceSettings,
): PlaceListItem {
  return {
    ...kept.item,
    openState: placeOpenState(kept.hoursKey, settings.hours),
    stale: isStale(kept.lastConfirmedAt, settings.staleAfterDays),
    distance: roundedDistance(distance),
  };
}

/** A distance as lists give it: metres to a tenth. */
export function roundedDistance(distance: number | null | undefined): number | null {
  return distance === null || distance === undefined ? null : Math.round(distance * 10) / 10;
}
