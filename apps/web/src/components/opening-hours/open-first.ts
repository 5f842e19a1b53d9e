import type { OpenState } from '@karta/contracts';

const RANK: Record<OpenState['state'], number> = { open: 0, unknown: 1, closed: 2 };

/**
 * The places open now first, then those whose hours are unknown, then the closed ones; each group
 * in the order given (nearest first). Who can help now comes before who could help later.
 */
export function openFirst<T extends { openState: OpenState }>(places: readonly T[]): T[] {
  return places
    .map((place, index) => ({ place, index }))
    .sort((a, b) => RANK[a.place.openState.state] - RANK[b.place.openState.state] || a.index - b.index)
    .map(({ place }) => place);
}
