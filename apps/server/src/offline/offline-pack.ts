import {
  type Bounds,
  type Category,
  MAX_OFFLINE_PLACES,
  MAX_OFFLINE_TOWNS,
  OFFLINE_HOURS_DAYS,
  type OfflinePackQuery,
  type OfflineTown,
} from '@karta/contracts';
import { exportFilters } from '../export/place-export.ts';
import { AppError } from '../http/errors.ts';
import type { HoursSettings } from '../opening-hours/open-state.ts';
import type { PlaceFieldFilter } from '../places/field-filters.ts';
import type { PlaceRepository } from '../places/place-repository.ts';
import { PackHours } from './pack-hours.ts';

/**
 * Places read per statement while a pack is written: each page is one short statement (on PGlite,
 * whose one connection serves everyone in turn, other requests get theirs in between) and a few
 * milliseconds of work on the main thread (rows to places, their JSON), after which other
 * requests get their turn (docs/performance.md, "Offline packs under load").
 */
export const PACK_PAGE_SIZE = 100;

/**
 * A place in a pack takes about this many bytes of JSON: 922 measured on 20 000 demo places with
 * their field values (`extra`, 24 of them on average; docs/performance.md, "Offline packs").
 */
export const PACKED_PLACE_BYTES = 920;

/** The 422 of a box holding more published places than a pack may. */
function areaTooLarge(): AppError {
  return new AppError(
    'offline_area_too_large',
    `This area holds more than ${MAX_OFFLINE_PLACES} places: save a smaller one.`,
    { max: MAX_OFFLINE_PLACES },
  );
}

/** The end of the week a pack's hours cover. */
export const horizonOf = (savedAt: Date) =>
  new Date(savedAt.getTime() + OFFLINE_HOURS_DAYS * 24 * 60 * 60 * 1000);

/** Where a pack's towns come from: the site's built-in address data. */
export interface TownsInBox {
  inBox(box: Bounds, limit: number): Promise<OfflineTown[]>;
  attribution: string;
}

/**
 * The offline pack of a box as JSON text, piece by piece (`chunks`), and how many places it holds
 * at most (`count`): its published places as a visitor sees them (the export's filters, so public
 * positions whoever asks, in id order; with `fieldFilters`, the request's `f.<key>` read by
 * resolveFieldFilters, only the places passing them), the categories given, and the places' hours evaluated for
 * the week from `savedAt` (pack-hours.ts, read with `hours`, the app's settings). The text is
 * the contract's `OfflinePack` written as the API writes any answer (`JSON.stringify`, its fields
 * in the contract's order), without ever holding more than one page of places.
 *
 * The ids of the places are read first, in one statement that stops after one more than the bound
 * (list-in-order.ts), so a box of a million places is refused (422) after reading 20 001 of them,
 * before anything is written; the pages then read only those ids, checking the filter again, so
 * the pack can only hold fewer places than were counted, never more: it never breaks its contract.
 * `savedAt` is taken by the caller before any read: every change the pack misses is later.
 */
export async function offlinePackChunks(
  places: PlaceRepository,
  query: OfflinePackQuery,
  {
    savedAt,
    categories,
    hours: settings,
    fieldFilters = [],
    towns = null,
  }: {
    savedAt: Date;
    categories: readonly Category[];
    hours: HoursSettings;
    fieldFilters?: readonly PlaceFieldFilter[];
    /** The built-in towns in the box and whose data they are; null when address search is off. */
    towns?: TownsInBox | null;
  },
): Promise<{ count: number; chunks: AsyncGenerator<string> }> {
  const filters = exportFilters({ bbox: query.bbox, category: query.category }, fieldFilters);
  const read = await places.inIdOrderUpTo(filters, null, {
    bound: MAX_OFFLINE_PLACES,
    pageSize: PACK_PAGE_SIZE,
    at: savedAt,
  });
  if (!read) throw areaTooLarge();
  const { count, pages } = read;
  const horizon = horizonOf(savedAt);
  const chunks = (async function* () {
    yield `{"bbox":${JSON.stringify(query.bbox)},"savedAt":${JSON.stringify(savedAt)},"horizon":${JSON.stringify(horizon)},"places":[`;
    const hours = new PackHours(settings);
    let first = true;
    for await (const page of pages) {
      // A list's item carries its distance from the list's point, which a place page has not; the
      // author's fields never reach a visitor's read, and are left out should one ever carry them.
      const packed = page.map(
        ({ distance: _, authorId: _a, authorVerified: _v, rejectionReason: _r, ...place }) => {
          hours.add(place);
          return place;
        },
      );
      yield `${first ? '' : ','}${JSON.stringify(packed).slice(1, -1)}`;
      first = false;
    }
    const boxTowns = towns ? await towns.inBox(query.bbox, MAX_OFFLINE_TOWNS) : [];
    yield `],"categories":${JSON.stringify(categories)},"hours":${JSON.stringify(await hours.hours(savedAt, horizon))},"towns":${JSON.stringify(boxTowns)},"townsAttribution":${JSON.stringify(towns?.attribution ?? '')}}`;
  })();
  return { count, chunks };
}
