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
 * The room an info window has on `map`: the controls over it (`obstacles`, the engine's and the
 * app's overlays) each claim a band at the top or the bottom edge, wherever they sit across, so
 * a window below the top band and above the bottom band never lies under any of them, whatever
 * its width. A phone's map is too narrow to fit a window beside a control, and on a wide map
 * the same rule costs only a control's height.
 */
export function infoWindowRoom(map: Box, obstacles: Iterable<Box>, gap = INFO_WINDOW_GAP): InfoWindowRoom {
  const room = { top: gap, right: gap, bottom: gap, left: gap };
  const middle = (map.top + map.bottom) / 2;
  for (const box of obstacles) {
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
