import { z } from 'zod';
import { OpenState } from './places.ts';
import { IsoDateTime, PlaceId } from './primitives.ts';

/** How many days after `savedAt` an offline pack knows its places' opening hours. */
export const OFFLINE_HOURS_DAYS = 7;

/**
 * One stretch of an hours key's week in a pack: from `from` until the next stretch's `from` (the
 * last until the pack's `horizon`), the server's place page says `state`, `comment` and
 * `nextChange` (`until` is `nextChange` while open). Places with it are open then exactly when
 * `state` is `open`: `unknown` (the hours depend on what they cannot know) is not open, as the
 * server's `openNow` and `openAt` filters have it.
 */
export const OfflineHoursStretch = z.object({
  from: IsoDateTime,
  state: OpenState.shape.state,
  /** The rule's comment (a holiday's name, "by appointment"); absent: none. */
  comment: z.string().optional(),
  /**
   * When the state changes, as the server says it: absent when that is the next stretch's `from`
   * (the usual case, left out to keep packs small); given when it is not (a stretch that only
   * changes the comment keeps the state's change; the last stretch's may lie after `horizon`);
   * null when nothing changes within the server's look-ahead of a year.
   */
  nextChange: IsoDateTime.nullable().optional(),
});
export type OfflineHoursStretch = z.infer<typeof OfflineHoursStretch>;

/**
 * The places of a pack that share opening hours (one server hours key: the same value, and for
 * hours that follow the sun the same tenth of a degree), with their states over the pack's week.
 */
export const OfflineHours = z.object({
  /** Their ids, ascending. */
  places: z.array(PlaceId).min(1),
  /** In time order, the first from the pack's `savedAt`. */
  stretches: z.array(OfflineHoursStretch).min(1),
});
export type OfflineHours = z.infer<typeof OfflineHours>;

/** What the server says of a place without hours, and what a pack says outside its week. */
export const UNKNOWN_OPEN_STATE: OpenState = {
  state: 'unknown',
  nextChange: null,
  until: null,
  comment: null,
};

/**
 * The week of one `OfflineHours`, read once: each place's `OpenState` at any instant of it, as
 * the server's place page would answer then, and `unknown` outside it (a week-old pack no longer
 * knows whether the pharmacy is open).
 */
export class OfflineHoursWeek {
  private readonly starts: number[];
  private readonly states: OpenState[];

  /** `horizon`: the pack's, the end of the week. */
  constructor(
    stretches: readonly OfflineHoursStretch[],
    private readonly horizon: number,
  ) {
    this.starts = stretches.map((stretch) => Date.parse(stretch.from));
    this.states = stretches.map((stretch, i) => {
      const next = stretches[i + 1];
      const nextChange = stretch.nextChange === undefined ? (next?.from ?? null) : stretch.nextChange;
      return {
        state: stretch.state,
        nextChange,
        until: stretch.state === 'open' ? nextChange : null,
        comment: stretch.comment ?? null,
      };
    });
  }

  /** Whether `at` (ms) lies in the week. */
  covers(at: number): boolean {
    return at >= (this.starts[0] ?? Number.POSITIVE_INFINITY) && at < this.horizon;
  }

  /** The state at `at` (ms): the last stretch begun by then. */
  stateAt(at: number): OpenState {
    if (!this.covers(at)) return UNKNOWN_OPEN_STATE;
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((this.starts[middle] as number) <= at) low = middle;
      else high = middle - 1;
    }
    return this.states[low] as OpenState;
  }

  /** Whether its places are open at `at` (ms), for the `openNow` and `openAt` filters. */
  isOpenAt(at: number): boolean {
    return this.stateAt(at).state === 'open';
  }
}
