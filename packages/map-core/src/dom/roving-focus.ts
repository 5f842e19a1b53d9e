import { latToUnitY, lngToUnitX } from '../mercator.ts';
import type { LatLng } from '../types.ts';
import { buttonPosition } from './button-positions.ts';

/** Marks the marker and cluster buttons that take part in the map's keyboard navigation. */
export const MAP_BUTTON_ATTRIBUTE = 'data-map-button';
const MAP_BUTTON = `[${MAP_BUTTON_ATTRIBUTE}]`;

/** Screen directions of the arrow keys, y downwards as on the map. */
const ARROWS: Record<string, readonly [x: number, y: number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** How much a step sideways counts against a candidate, against a step in the arrow's direction. */
const SIDEWAYS_WEIGHT = 2;

/**
 * One Tab stop for all of a map's marker and cluster buttons (a roving tabindex): only the current
 * button is in the Tab order, so a keyboard user passes the map in a press or two instead of one
 * per button; arrow keys move to the nearest button in that direction, Home and End to the first
 * and last (north-west first). The stop is the button nearest the map's centre (the edges may be
 * hidden under other things); when the focused button leaves the map (a cluster replaced by what
 * it held after a zoom), focus goes to the button now nearest its place instead of to the page.
 * The same for every engine: it watches the container, whatever draws the buttons in it.
 */
export class RovingFocus {
  /** The button in the Tab order, and where it stood (to choose its successor when it goes). */
  private current: HTMLElement | null = null;
  private currentPosition: LatLng | null = null;
  /** The map button that has focus; kept when it leaves the page with focus, to give focus back. */
  private focused: HTMLElement | null = null;
  private readonly observer = new MutationObserver(() => this.refresh());

  /** `centre`: where the map is centred now, from the engine. */
  constructor(
    private readonly container: HTMLElement,
    private readonly centre: () => LatLng,
  ) {
    container.addEventListener('keydown', this.onKeyDown);
    container.addEventListener('focusin', this.onFocusIn);
    container.addEventListener('focusout', this.onFocusOut);
    this.observer.observe(container, { childList: true, subtree: true });
    this.refresh();
  }

  destroy(): void {
    this.observer.disconnect();
    this.container.removeEventListener('keydown', this.onKeyDown);
    this.container.removeEventListener('focusin', this.onFocusIn);
    this.container.removeEventListener('focusout', this.onFocusOut);
  }

  /** After buttons came or went: one stays in the Tab order, and focus lost with a button comes back. */
  private refresh(): void {
    const buttons = this.buttons();
    const lost = Boolean(this.focused && !this.focused.isConnected);
    if (!this.current?.isConnected) {
      // Focus went with the button: its successor is what stands at its place now.
      const from = lost && this.currentPosition ? this.currentPosition : this.centre();
      this.makeCurrent(nearest(buttons, from));
    } else {
      this.currentPosition = buttonPosition(this.current) ?? this.currentPosition;
    }
    for (const button of buttons) {
      const tabIndex = button === this.current ? 0 : -1;
      if (button.tabIndex !== tabIndex) button.tabIndex = tabIndex;
    }
    if (!lost) return;
    this.focused = null;
    // Only when nothing else took focus meanwhile (it fell to the page with its button).
    const active = document.activeElement;
    if (this.current && (active === null || active === document.body))
      this.current.focus({ preventScroll: true });
  }

  private buttons(): HTMLElement[] {
    return [...this.container.querySelectorAll<HTMLElement>(MAP_BUTTON)];
  }

  private makeCurrent(button: HTMLElement | null): void {
    if (this.current && this.current !== button && this.current.isConnected) this.current.tabIndex = -1;
    this.current = button;
    if (!button) return;
    button.tabIndex = 0;
    this.currentPosition = buttonPosition(button) ?? this.currentPosition;
  }

  private readonly onFocusIn = (event: FocusEvent): void => {
    const button = mapButton(event.target);
    if (!button) return;
    this.focused = button;
    // A button focused by a click or by code becomes the map's Tab stop.
    if (button !== this.current) this.makeCurrent(button);
  };

  private readonly onFocusOut = (event: FocusEvent): void => {
    const button = mapButton(event.target);
    if (!button) return;
    // A button removed with focus may still report losing it: `refresh` then gives focus back.
    queueMicrotask(() => {
      if (this.focused === button && button.isConnected) this.focused = null;
    });
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const from = mapButton(event.target);
    if (!from || event.altKey || event.ctrlKey || event.metaKey) return;
    const direction = ARROWS[event.key];
    let to: HTMLElement | null = null;
    if (direction) {
      to = nextInDirection(this.buttons(), from, direction);
    } else if (event.key === 'Home' || event.key === 'End') {
      const ordered = inReadingOrder(this.buttons());
      to = (event.key === 'Home' ? ordered[0] : ordered.at(-1)) ?? null;
    } else {
      return;
    }
    // The arrows belong to the buttons here: neither the page nor the engine scrolls or pans.
    event.preventDefault();
    event.stopPropagation();
    if (!to || to === from) return;
    this.makeCurrent(to);
    to.focus({ preventScroll: true });
  };
}

function mapButton(target: EventTarget | null): HTMLElement | null {
  return target instanceof HTMLElement && target.matches(MAP_BUTTON) ? target : null;
}

/** A position on the Web-Mercator square (0…1, y downwards): directions there are directions on screen. */
function unitPoint(button: HTMLElement): { x: number; y: number } | null {
  const position = buttonPosition(button);
  return position ? { x: lngToUnitX(position.lng), y: latToUnitY(position.lat) } : null;
}

/** The button nearest `from` in the arrow's direction, favouring ones straight ahead. */
function nextInDirection(
  buttons: readonly HTMLElement[],
  from: HTMLElement,
  [dx, dy]: readonly [number, number],
): HTMLElement | null {
  const origin = unitPoint(from);
  if (!origin) return null;
  let best: HTMLElement | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const button of buttons) {
    const point = button === from ? null : unitPoint(button);
    if (!point) continue;
    const x = point.x - origin.x;
    const y = point.y - origin.y;
    const ahead = x * dx + y * dy;
    if (ahead <= 0) continue;
    const score = ahead + SIDEWAYS_WEIGHT * Math.abs(x * dy - y * dx);
    if (score < bestScore) {
      bestScore = score;
      best = button;
    }
  }
  return best;
}

/** The button nearest a position (where a button that left the map stood). */
function nearest(buttons: readonly HTMLElement[], position: LatLng): HTMLElement | null {
  const x0 = lngToUnitX(position.lng);
  const y0 = latToUnitY(position.lat);
  let best: HTMLElement | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const button of buttons) {
    const point = unitPoint(button);
    if (!point) continue;
    const distance = Math.hypot(point.x - x0, point.y - y0);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = button;
    }
  }
  return best;
}

/** North to south, then west to east: the order a reader scans a map in. */
function inReadingOrder(buttons: readonly HTMLElement[]): HTMLElement[] {
  const withPoints = buttons.flatMap((button) => {
    const point = unitPoint(button);
    return point ? [{ button, point }] : [];
  });
  withPoints.sort((a, b) => a.point.y - b.point.y || a.point.x - b.point.x);
  return withPoints.map(({ button }) => button);
}
