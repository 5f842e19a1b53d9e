import type { OpenState } from '@karta/contracts';
import { changeInstants } from './change-instants.ts';
import {
  type HoursSettings,
  keyHoursAt,
  LOOK_AHEAD_MS,
  placeOpenState,
  readingOffsets,
} from './open-state.ts';

/** From `from` (ms) until the next stretch's, `placeOpenState` answers `state` for a key. */
export interface StateStretch {
  from: number;
  state: OpenState;
}

/**
 * What `placeOpenState` answers with `settings` for each of `keys` at every instant from `from` to `to` (ms), key
 * after key (a caller may pause between them: a key that follows the sun takes 5 ms a week): its
 * stretches in time order, the first from `from`, each answering the same (state, comment and
 * nextChange alike) until the next one begins. Each stretch's state is placeOpenState's own answer
 * at its first instant; what is worked out here is only where the answer may change:
 *
 * - The answer depends on the wall-clock time and on the offsets hours are read with (see
 *   `readingOffsets`). While those hold, the wall clock runs with time, so the answer holds until
 *   opening_hours.js's iterator reaches the next change of state or comment (`getNextChange`
 *   skips comment-only ones, which a place page still shows).
 * - Where an offset changes, the clock jumps (an hour skipped or repeated) or sun times move: the
 *   answer is taken again there, and its `nextChange` may even lie before it (a time of the
 *   repeated hour), exactly as the server would say it.
 * - A state that changes only after the year the server looks ahead says `nextChange: null` until
 *   that change comes within the year: that instant begins a stretch too.
 */
export function* stateTimelines(
  keys: Iterable<string>,
  from: number,
  to: number,
  settings: HoursSettings,
): Generator<[key: string, stretches: StateStretch[]]> {
  const offsets = (at: number) => readingOffsets(new Date(at), settings.timeZone);
  const steadyOffsets = [from, ...changeInstants(offsets, from, to), to];
  for (const key of keys) {
    const stretches: StateStretch[] = [];
    for (let i = 0; i + 1 < steadyOffsets.length; i++) {
      const end = steadyOffsets[i + 1] as number;
      for (let at = steadyOffsets[i] as number; at < end; ) {
        const state = placeOpenState(key, settings, new Date(at));
        const last = stretches.at(-1);
        if (!last || !sameState(last.state, state)) stretches.push({ from: at, state });
        at = nextAnswerChange(key, at, end, state, settings);
      }
    }
    yield [key, stretches];
  }
}

/**
 * The first instant after `at` (ms) at which placeOpenState's answer for `key` (`state` at `at`)
 * may change, the reading offsets staying as at `at` until `end`; `end` when none comes before it.
 */
function nextAnswerChange(
  key: string,
  at: number,
  end: number,
  state: OpenState,
  settings: HoursSettings,
): number {
  const read = keyHoursAt(key, new Date(at), settings);
  // Hours that do not parse are unknown throughout.
  if (!read) return end;
  const { hours, wall } = read;
  // Until `end`, `at` + d is read at `wall` + d.
  const ahead = end - at;
  const iterator = hours.getIterator(wall);
  let next = iterator.advance(new Date(wall.getTime() + ahead))
    ? at + (iterator.getDate().getTime() - wall.getTime())
    : end;
  if (state.nextChange === null) {
    // getNextChange sees a change before its limit, a year ahead: the first instant whose year
    // reaches this one gives it.
    const far = hours.getNextChange(wall, new Date(wall.getTime() + LOOK_AHEAD_MS + ahead));
    if (far) next = Math.min(next, at + (far.getTime() - LOOK_AHEAD_MS - wall.getTime()) + 1);
  }
  return next;
}

function sameState(a: OpenState, b: OpenState): boolean {
  return a.state === b.state && a.comment === b.comment && a.nextChange === b.nextChange;
}
