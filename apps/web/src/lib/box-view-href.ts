import { bboxCentre, bboxWidth } from '@karta/contracts/wire';
import type { Bounds } from '@karta/map-core';
import { serializeViewState } from './view-url.ts';

/** A whole zoom that shows the whole box on a screen. */
function zoomForBox(box: Bounds): number {
  const height = Math.max(box.north - box.south, 1e-6);
  return Math.max(2, Math.min(18, Math.floor(Math.log2(360 / Math.max(bboxWidth(box), height * 1.5, 1e-6)))));
}

/** The home map's address showing `box` (with `categories` chosen): a followed or saved area. */
export function boxViewHref(box: Bounds, categories: readonly string[] = []): string {
  return `/?${serializeViewState({ center: bboxCentre(box), zoom: zoomForBox(box), placeId: null, categories })}`;
}
