import { offsetByPixels, wrapLng } from '../mercator.ts';
import type { LatLng, PickerItem } from '../types.ts';
import { setAttribute } from './set-attribute.ts';

/** Metres an arrow key moves the picker, and with Shift held. */
export const PICKER_STEP_METRES = 5;
export const PICKER_BIG_STEP_METRES = 50;

/** The picker's box: a pin like a place's, a little larger so it stands out as the one to move. */
export const PICKER_GEOMETRY = { width: 34, height: 44, anchorX: 17, anchorY: 44 } as const;

/** Metres per degree of latitude (and of longitude at the equator), on the WGS 84 mean radius. */
const METRES_PER_DEGREE = 111_320;

/** What the picker asks of the engine that shows it. */
export interface PickerHost {
  /** The map's zoom now, for turning a drag's pixels into degrees. */
  zoom(): number;
  /** Draws the picker at `position` at once, before the app answers. */
  draw(position: LatLng): void;
  /** Tells the app (`MapEvents.onPickerMove`). */
  report(position: LatLng): void;
  /**
   * Lifts the picker above the clusters and markers (`true`) or puts it back under them. At rest
   * it lies under them, so it never hides a cluster's count or a place; while the user holds it,
   * or works it with the keyboard, it is drawn on top, so what they move stays in sight.
   */
  raise(above: boolean): void;
}

/** The position `north` and `east` metres from `position` (a short step: flat-earth maths is exact enough). */
export function offsetByMetres(position: LatLng, north: number, east: number): LatLng {
  const lat = Math.max(-90, Math.min(90, position.lat + north / METRES_PER_DEGREE));
  const cos = Math.max(Math.cos((position.lat * Math.PI) / 180), 1e-6);
  return { lat, lng: wrapLng(position.lng + east / (METRES_PER_DEGREE * cos)) };
}

const ARROWS: Record<string, [north: number, east: number]> = {
  ArrowUp: [1, 0],
  ArrowDown: [-1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * The position picker, the same for every engine: a `<button>` drawn as a pin that the user drags
 * with a mouse, pen or finger (pointer events, captured, so the map never pans under it), or
 * focuses and moves with the arrow keys. Its clicks are its own, never map clicks: engines stop
 * them as they do for markers.
 */
export class PickerButton {
  readonly element = document.createElement('button');
  private position: LatLng;
  private drag: { pointerId: number; x: number; y: number; from: LatLng } | null = null;
  /** Focused from the keyboard, or moved with it since it was focused. */
  private keyboardFocus = false;
  private raised = false;

  constructor(
    item: PickerItem,
    private readonly host: PickerHost,
  ) {
    this.position = { lat: item.lat, lng: item.lng };
    const button = this.element;
    button.type = 'button';
    button.dataset.testid = 'picker-marker';
    button.className = 'karta-marker karta-picker';
    button.style.width = `${PICKER_GEOMETRY.width}px`;
    button.style.height = `${PICKER_GEOMETRY.height}px`;
    button.append(pickerShape());
    this.update(item);
    button.addEventListener('keydown', this.onKeyDown);
    button.addEventListener('pointerdown', this.onPointerDown);
    button.addEventListener('pointermove', this.onPointerMove);
    button.addEventListener('pointerup', this.onPointerEnd);
    button.addEventListener('pointercancel', this.onPointerEnd);
    button.addEventListener('focus', this.onFocus);
    button.addEventListener('blur', this.onBlur);
  }

  /** Where the picker is drawn now. */
  get current(): LatLng {
    return this.position;
  }

  /** Takes the app's item; returns whether the position changed (the engine then redraws it). */
  update(item: PickerItem): boolean {
    setAttribute(this.element, 'aria-label', item.label);
    setAttribute(this.element, 'data-position', `${round6(item.lat)},${round6(item.lng)}`);
    // During a drag the pointer leads: the app's answer trails one move behind.
    if (this.drag) return false;
    const moved = item.lat !== this.position.lat || item.lng !== this.position.lng;
    this.position = { lat: item.lat, lng: item.lng };
    return moved;
  }

  private moveTo(position: LatLng): void {
    this.position = position;
    setAttribute(this.element, 'data-position', `${round6(position.lat)},${round6(position.lng)}`);
    this.host.draw(position);
    this.host.report(position);
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const direction = ARROWS[event.key];
    if (!direction) return;
    // The map's own arrow-key panning must not move the map under the picker.
    event.preventDefault();
    event.stopPropagation();
    this.keyboardFocus = true;
    this.restack();
    const step = event.shiftKey ? PICKER_BIG_STEP_METRES : PICKER_STEP_METRES;
    this.moveTo(offsetByMetres(this.position, direction[0] * step, direction[1] * step));
  };

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (event.button !== 0) return;
    // No compatibility mouse events, so no engine starts a map drag; focus stays with the picker.
    event.preventDefault();
    event.stopPropagation();
    this.drag = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, from: this.position };
    this.element.focus();
    if (event.pointerId !== undefined) this.element.setPointerCapture?.(event.pointerId);
    this.element.classList.add('karta-picker--dragging');
    this.restack();
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    event.preventDefault();
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    this.moveTo(offsetByPixels(drag.from, dx, dy, this.host.zoom()));
  };

  private readonly onPointerEnd = (event: PointerEvent): void => {
    if (!this.drag || event.pointerId !== this.drag.pointerId) return;
    this.drag = null;
    if (event.pointerId !== undefined && this.element.hasPointerCapture?.(event.pointerId))
      this.element.releasePointerCapture(event.pointerId);
    this.element.classList.remove('karta-picker--dragging');
    this.restack();
  };

  private readonly onFocus = (): void => {
    // A drag focuses the picker too: that focus is the pointer's, not the keyboard's.
    this.keyboardFocus = !this.drag && focusVisible(this.element);
    this.restack();
  };

  private readonly onBlur = (): void => {
    this.keyboardFocus = false;
    this.restack();
  };

  /** Over the clusters and markers while held or worked with the keys; under them otherwise. */
  private restack(): void {
    const raised = this.drag !== null || this.keyboardFocus;
    if (raised === this.raised) return;
    this.raised = raised;
    this.host.raise(raised);
  }
}

/** Whether the browser shows the element's focus (a keyboard focus); a browser that cannot say: yes. */
function focusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** A pin with a crosshair dot: decorative, the button's aria-label names it. */
function pickerShape(): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '-1.5 -1.5 27 35');
  svg.setAttribute('class', 'karta-marker__shape');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', 'M12 0C5.4 0 0 5.4 0 12c0 9 12 20 12 20s12-11 12-20C24 5.4 18.6 0 12 0z');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('stroke', '#fff');
  path.setAttribute('stroke-width', '2');
  const dot = document.createElementNS(ns, 'circle');
  dot.setAttribute('cx', '12');
  dot.setAttribute('cy', '12');
  dot.setAttribute('r', '3.5');
  dot.setAttribute('fill', '#fff');
  svg.append(path, dot);
  return svg;
}
