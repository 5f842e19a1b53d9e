import {
  MAX_OFFLINE_PLACES,
  OFFLINE_HOURS_DAYS,
  type OfflinePack,
  type OfflinePackQuery,
  type OfflinePlace,
} from '@karta/contracts';
import type { CategoryRepository } from '../categories/category-repository.ts';
import { exportFilters, exportPages } from '../export/place-export.ts';
import { AppError } from '../http/errors.ts';
import type { PlaceRepository } from '../places/place-repository.ts';
import { packHours } from './pack-hours.ts';

/** The 422 of a box holding more published places than a pack may. */
function areaTooLarge(): AppError {
  return new AppError(
    422,
    'offline_area_too_large',
    `This area holds more than ${MAX_OFFLINE_PLACES} places: save a smaller one.`,
    { max: MAX_OFFLINE_PLACES },
  );
}

/**
 * The offline pack of a box: its published places as a visitor sees them (the export's read, so
 * public positions whoever asks, in id order), every category, and the places' hours evaluated
 * for the week from `savedAt` (pack-hours.ts).
 *
 * The places are counted first, one statement that stops after one more than the bound
 * (bounded-count.ts), so a box of a million places is refused after reading 20 001 rows, before
 * the export's pass, which reads the whole table range by range. (The count's bitmap still visits
 * every index entry in the box: 0.3 s for a million on PGlite.) Places published between the
 * count and the read could still push the pack past the bound, so it is checked again while
 * reading, before anything is sent: the answer never breaks its contract.
 */
export async function buildOfflinePack(
  repositories: { places: PlaceRepository; categories: CategoryRepository },
  query: OfflinePackQuery,
): Promise<OfflinePack> {
  // Taken before the read: every change the pack misses is later than the time it claims.
  const savedAt = new Date();
  const horizon = new Date(savedAt.getTime() + OFFLINE_HOURS_DAYS * 24 * 60 * 60 * 1000);
  const filters = { bbox: query.bbox, category: query.category };
  const counted = await repositories.places.countUpTo(exportFilters(filters), null, MAX_OFFLINE_PLACES);
  if (counted.totalIsLowerBound) throw areaTooLarge();

  const places: OfflinePlace[] = [];
  for await (const page of exportPages(repositories.places, filters)) {
    if (places.length + page.length > MAX_OFFLINE_PLACES) throw areaTooLarge();
    // A list's item carries its distance from the list's point, which a place page has not.
    for (const { distance: _, ...place } of page) places.push(place);
  }
  const categories = await repositories.categories.list();
  return {
    bbox: query.bbox,
    savedAt: savedAt.toISOString(),
    horizon: horizon.toISOString(),
    places,
    categories,
    hours: await packHours(places, savedAt, horizon),
  };
}
