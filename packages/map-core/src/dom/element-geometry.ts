import { clusterIconSize } from '../cluster-style.ts';

/** An element's size and the point of it that sits on its map position, in px from its top-left. */
export interface ElementGeometry {
  width: number;
  height: number;
  anchorX: number;
  anchorY: number;
}

/** A pin's box: tall enough for the point, wider than the 24-px minimum target of WCAG 2.2. */
export const MARKER_PIN_SIZE = { width: 28, height: 36 } as const;

/** An approximate (privacy) marker's box: a dot centred on its coarsened position. */
export const APPROXIMATE_MARKER_SIZE = 24;

/** A cluster is a circle of its tier's size, centred on its position. */
export function clusterGeometry(count: number): ElementGeometry {
  const size = clusterIconSize(count);
  return { width: size, height: size, anchorX: size / 2, anchorY: size / 2 };
}

/** A pin stands on its tip; an approximate marker is centred, since no point of it is exact. */
export function markerGeometry(approximate: boolean): ElementGeometry {
  if (approximate) {
    const size = APPROXIMATE_MARKER_SIZE;
    return { width: size, height: size, anchorX: size / 2, anchorY: size / 2 };
  }
  const { width, height } = MARKER_PIN_SIZE;
  return { width, height, anchorX: width / 2, anchorY: height };
}
