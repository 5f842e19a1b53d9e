import type { OfflineHours, OfflineHoursStretch, OfflinePlace } from '@karta/contracts';
import { hoursKeyOf } from '../opening-hours/open-state.ts';
import { type StateStretch, stateTimelines } from '../opening-hours/state-timeline.ts';

/** Keys evaluated between two looks at other requests: at most 40 ms for hours that follow the sun. */
const KEYS_PER_YIELD = 8;

/**
 * The opening hours of a pack's places from `savedAt` to `horizon`: the places grouped by hours
 * key (in the order of their first place), each group with what the server would say of them at
 * every instant of that time (see `stateTimelines`). A key is evaluated once however many places
 * share it; between keys the event loop is handed over now and then, as a box of many sun cells
 * (each its own key) takes seconds, which would hold up every other request meanwhile.
 */
export async function packHours(
  places: readonly OfflinePlace[],
  savedAt: Date,
  horizon: Date,
): Promise<OfflineHours[]> {
  const placesByKey = new Map<string, number[]>();
  for (const place of places) {
    // The pack's positions are the public ones, which the key's tenth of a degree is taken from.
    const key = hoursKeyOf(place.openingHours, place.lat, place.lng);
    if (key === null) continue;
    const ids = placesByKey.get(key);
    if (ids) ids.push(place.id);
    else placesByKey.set(key, [place.id]);
  }
  const hours: OfflineHours[] = [];
  for (const [key, stretches] of stateTimelines(placesByKey.keys(), savedAt.getTime(), horizon.getTime())) {
    hours.push({ places: placesByKey.get(key) as number[], stretches: packedStretches(stretches) });
    if (hours.length % KEYS_PER_YIELD === 0) await new Promise((resume) => setImmediate(resume));
  }
  return hours;
}

/** Stretches as the contract has them: a `nextChange` that is the next stretch's start left out. */
function packedStretches(stretches: readonly StateStretch[]): OfflineHoursStretch[] {
  return stretches.map(({ from, state }, i) => {
    const next = stretches[i + 1];
    const nextIsChange = next !== undefined && state.nextChange === new Date(next.from).toISOString();
    return {
      from: new Date(from).toISOString(),
      state: state.state,
      ...(state.comment === null ? {} : { comment: state.comment }),
      ...(nextIsChange ? {} : { nextChange: state.nextChange }),
    };
  });
}
