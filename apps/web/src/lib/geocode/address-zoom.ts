import type { GeocodeKind } from '@karta/contracts';

/**
 * The zoom a chosen address opens at: its street for a house, street or named place, the whole
 * town for a town. A module of its own: the header's navigation needs it in the first view, which
 * the address search itself stays out of.
 */
export function addressZoom(kind: GeocodeKind): number {
  return kind === 'town' ? 13 : 17;
}
