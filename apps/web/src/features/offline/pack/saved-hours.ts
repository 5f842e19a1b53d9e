import { OfflineHoursWeek, type OpenState, UNKNOWN_OPEN_STATE } from '@karta/contracts';
import type { AreaHours } from '../../../lib/offline/saved-area.ts';

/**
 * The opening hours of the saved places, each from the area it was taken from: its state at any
 * instant of that area's week (savedAt to horizon) as the server's place page would give it, read
 * from the pack without opening_hours.js. Each group of an area's places sharing hours has an
 * hours id, as the server's map index numbers its hours keys.
 */
export class SavedHours {
  private readonly weeks: OfflineHoursWeek[] = [];
  private readonly weekOfPlace = new Map<number, number>();
  private readonly windows: { from: number; to: number }[];

  /** `areaOf`: the area each place was taken from (a place in two areas is one's). */
  constructor(areas: readonly AreaHours[], areaOf: ReadonlyMap<number, AreaHours>) {
    this.windows = areas.map((area) => ({ from: Date.parse(area.savedAt), to: Date.parse(area.horizon) }));
    for (const area of areas) {
      for (const group of area.hours) {
        const id = this.weeks.length;
        this.weeks.push(new OfflineHoursWeek(group.stretches, Date.parse(area.horizon)));
        for (const place of group.places) if (areaOf.get(place) === area) this.weekOfPlace.set(place, id);
      }
    }
  }

  /**
   * Whether every saved area knows its places' hours at `at` (ms): only then are "open now" and
   * "open at" answered, as the places of an area that does not would be left out unseen.
   */
  knownAt(at: number): boolean {
    return this.windows.every((window) => at >= window.from && at < window.to);
  }

  /** The hours id of a place, as the clustering index takes it; undefined without hours. */
  hoursIdOf(placeId: number): number | undefined {
    return this.weekOfPlace.get(placeId);
  }

  /** The hours ids open at `at` (ms): none outside their areas' weeks. */
  openAt(at: number): Set<number> {
    const open = new Set<number>();
    this.weeks.forEach((week, id) => {
      if (week.isOpenAt(at)) open.add(id);
    });
    return open;
  }

  /** A place's state at `at` (ms): `unknown` without hours, or outside its area's week. */
  stateOf(placeId: number, at: number): OpenState {
    const id = this.weekOfPlace.get(placeId);
    return id === undefined ? UNKNOWN_OPEN_STATE : (this.weeks[id] as OfflineHoursWeek).stateAt(at);
  }
}
