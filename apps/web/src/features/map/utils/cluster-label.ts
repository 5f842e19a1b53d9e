import type { TFunction } from 'i18next';

/**
 * A cluster button's name: its count in the same digits the button shows ("1587 places", not
 * "1,587 places"), so the visible text is part of the name, as speech input and WCAG's "label in
 * name" need; then what a press does, zoom in or (at the highest zoom) list its places.
 */
export function clusterLabel(t: TFunction, count: number, listsPlaces: boolean): string {
  return t(listsPlaces ? 'map.clusterList' : 'map.clusterZoom', { count, digits: String(count) });
}
