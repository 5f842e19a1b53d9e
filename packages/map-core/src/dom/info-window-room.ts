/**
 * Marks an element the app draws over a map (Share, a notice): an open info window is kept clear
 * of it, as of the engine's own controls.
 */
export const MAP_OVERLAY_ATTRIBUTE = 'data-map-overlay';

/** Room kept between an info window and the map's edge or a control. */
export const INFO_WINDOW_GAP = 8;

/** How far from each edge of the map an open info window must stay, in px. */
export interface InfoWindowRoom {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The room an info window has on `map`: each control over it (`obstacles`, the engine's and the
 * app's overlays) that the window's horizontal `span` would meet claims a band at the top or the
 * bottom edge, so a window below the top band and above the bottom band never lies under any of
 * them. On a phone's narrow map the window meets every control; on a wide one a window away from
 * the corners keeps the whole height. Without a span, every control claims its band.
 */
export function infoWindowRoom(
  map: Box,
  obstacles: Iterable<Box>,
  gap = INFO_WINDOW_GAP,
  span?: { left: number; right: number },
): InfoWindowRoom {
  const room = { top: gap, right: gap, bottom: gap, left: gap };
  const middle = (map.top + map.bottom) / 2;
  for (const box of obstacles) {
    if (span && (box.right + gap <= span.left || box.left - gap >= span.right)) continue;
    const width = box.right - box.left;
    const height = box.bottom - box.top;
    const overlaps =
      width > 0 &&
      height > 0 &&
      box.right > map.left &&
      box.left < map.right &&
      box.bottom > map.top &&
      box.top < map.bottom;
    if (!overlaps) continue;
    if ((box.top + box.bottom) / 2 < middle) room.top = Math.max(room.top, box.bottom - map.top + gap);
    else room.bottom = Math.max(room.bottom, map.bottom - box.top + gap);
  }
  return room;
}

/**
 * Where a window `width` px wide, centred on `anchorX` (page px), will lie across `map` once
 * panned clear of its left and right edges.
 */
export function windowSpan(map: Box, anchorX: number, width: number, gap = INFO_WINDOW_GAP) {
  const left = Math.max(map.left + gap, Math.min(anchorX - width / 2, map.right - gap - width));
  return { left, right: left + width };
}

/**
 * The boxes of what is drawn over `map`: the engine's controls in it (`controlSelector`) and the
 * app's overlays anywhere on the page (they may be siblings placed over it).
 */
export function mapObstacles(map: HTMLElement, controlSelector: string): DOMRect[] {
  const elements = [
    ...map.querySelectorAll(controlSelector),
    ...map.ownerDocument.querySelectorAll(`[${MAP_OVERLAY_ATTRIBUTE}]`),
  ];
  return elements
    .filter((element) => !element.closest('[hidden]'))
    .map((element) => element.getBoundingClientRect());
}
