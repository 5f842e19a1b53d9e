import type { OfflineHours, OfflineHoursStretch, OfflinePlace } from '@karta/contracts';
import { type HoursSettings, hoursKeyOf } from '../opening-hours/open-state.ts';
import { type StateStretch, stateTimelines } from '../opening-hours/state-timeline.ts';

/**
 * The opening hours of a pack's places, gathered as its places are read (`add`, page by page:
 * only each place's id is kept, under its hours key) and worked out at the end (`hours`), read
 * with the app's `settings` (config.hours).
 */
export class PackHours {
  private readonly placesByKey = new Map<string, number[]>();

  constructor(private readonly settings: HoursSettings) {}

  add(place: Pick<OfflinePlace, 'id' | 'openingHours' | 'lat' | 'lng'>): void {
    // The pack's positions are the public ones, which the key's tenth of a degree is taken from.
    const key = hoursKeyOf(place.openingHours, place.lat, place.lng);
    if (key === null) return;
    const ids = this.placesByKey.get(key);
    if (ids) ids.push(place.id);
    else this.placesByKey.set(key, [place.id]);
  }

  /**
   * The places added from `savedAt` to `horizon`, grouped by hours key (in the order of their
   * first place), each group with what the server would say of them at every instant of that
   * time (see `stateTimelines`). A key is evaluated once however many places share it; after each
   * key the event loop is handed over, as a key that follows the sun takes up to 5 ms and a box of
   * many sun cells (each its own key) seconds, which would hold up every other request meanwhile.
   */
  async hours(savedAt: Date, horizon: Date): Promise<OfflineHours[]> {
    const hours: OfflineHours[] = [];
    const timelines = stateTimelines(
      this.placesByKey.keys(),
      savedAt.getTime(),
      horizon.getTime(),
      this.settings,
    );
    for (const [key, stretches] of timelines) {
      hours.push({ places: this.placesByKey.get(key) as number[], stretches: packedStretches(stretches) });
      await new Promise((resume) => setImmediate(resume));
    }
    return hours;
  }
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
