import type { OpenState } from '@karta/contracts';

/** A state as shown: `changed` when it is past the state the server read (its details unknown). */
export type ShownOpenState = OpenState & { changed?: true };

/**
 * A place's state at `now`: the server's, until its `nextChange`; from then on the other one (a
 * state changes there by definition), whose own next change is not known until the place is read
 * again. So a page left open is never wrong about open or closed, even before it reads again.
 */
export function openStateNow(state: OpenState, now: number): ShownOpenState {
  if (state.state === 'unknown' || state.nextChange === null || now < Date.parse(state.nextChange)) {
    return state;
  }
  return {
    state: state.state === 'open' ? 'closed' : 'open',
    nextChange: null,
    until: null,
    comment: null,
    changed: true,
  };
}
