import type { Bounds } from '@karta/map-core';
import { serializeViewState } from '../../../lib/view-url.ts';

/** Degrees of longitude a box spans, across the antimeridian too (`west > east`). */
function widthOf(box: Bounds): number {
  return box.east >= box.west ? box.east - box.west : box.east + 360 - box.west;
}

/** A whole zoom that shows the whole box on a screen. */
function zoomForBox(box: Bounds): number {
  const height = Math.max(box.north - box.south, 1e-6);
  return Math.max(2, Math.min(18, Math.floor(Math.log2(360 / Math.max(widthOf(box), height * 1.5, 1e-6)))));
}

/** The home map's address showing `box` (with `categories` chosen): a followed or saved area. */
export function boxViewHref(box: Bounds, categories: readonly string[] = []): string {
  const lng = ((((box.west + widthOf(box) / 2 + 180) % 360) + 360) % 360) - 180;
  const center = { lat: (box.south + box.north) / 2, lng };
  return `/?${serializeViewState({ center, zoom: zoomForBox(box), placeId: null, categories })}`;
}
