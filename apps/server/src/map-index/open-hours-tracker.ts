import { type HoursSettings, placeOpenState } from '../opening-hours/open-state.ts';

/** The longest wait between two looks at the clock (a year-long `until` is still looked at hourly). */
const LONGEST_WAIT_MS = 60 * 60 * 1000;

/**
 * The open-now set of the map index: every hours key (migration 013) the indexed places have,
 * numbered (the index's `hoursId`), with whether it is open now and until when. A key is evaluated
 * when first seen and again only at its next change, so the set follows the clock at the cost of
 * the keys that change, never of the places. Keys are read with `settings` (the build's `hours`).
 */
export class OpenHoursTracker {
  private readonly idByKey = new Map<string, number>();
  private readonly keys: string[] = [];
  private readonly until: number[] = [];
  private readonly openIds = new Set<number>();
  /** Whether the open set changed since the last `takeChange`. */
  private changed = false;

  constructor(private readonly settings: HoursSettings) {}

  /** The number of a key (null: no hours, no number), evaluated at `now` when first seen. */
  idOf(key: string | null, now: number): number | undefined {
    if (key === null) return undefined;
    let id = this.idByKey.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.keys.push(key);
      this.until.push(0);
      this.idByKey.set(key, id);
      this.evaluate(id, now);
    }
    return id;
  }

  /** The numbers of the keys open now (as of the last `idOf` or `advance`). */
  get open(): ReadonlySet<number> {
    return this.openIds;
  }

  /** Re-evaluates every key whose state ended by `now`. */
  advance(now: number): void {
    for (let id = 0; id < this.keys.length; id++) {
      if (now >= (this.until[id] as number)) this.evaluate(id, now);
    }
  }

  /** Whether the open set changed since the last call (so the index needs it again). */
  takeChange(): boolean {
    const changed = this.changed;
    this.changed = false;
    return changed;
  }

  /** Milliseconds from `now` until the next key changes (at most an hour). */
  waitFrom(now: number): number {
    let next = now + LONGEST_WAIT_MS;
    for (const until of this.until) if (until < next) next = until;
    return Math.max(0, next - now);
  }

  private evaluate(id: number, now: number): void {
    const state = placeOpenState(this.keys[id] as string, this.settings, new Date(now));
    const open = state.state === 'open';
    if (open !== this.openIds.has(id)) this.changed = true;
    if (open) this.openIds.add(id);
    else this.openIds.delete(id);
    this.until[id] = state.nextChange ? Date.parse(state.nextChange) : Number.POSITIVE_INFINITY;
  }
}
