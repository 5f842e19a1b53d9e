import {
  INFO_WINDOW_GAP,
  InfoWindowFrame,
  infoWindowRoom,
  type LatLng,
  MARKER_PIN_SIZE,
  mapObstacles,
  windowSpan,
} from '@karta/map-core';
import L from 'leaflet';
import { nearestCopyLng } from './world-copy.ts';

/** The window's own height around its content: the content's margins (style.css) and the tip. */
const WINDOW_CHROME_HEIGHT = 14 + 14 + 20;
/** The window's width around its content: the content's margins (style.css). */
const WINDOW_CHROME_WIDTH = 16 + 40;
/**
 * How far below the window's tip the place's own point lies (the tip rests on a pin's head; Leaflet's
 * own offset is 7 px below the point): the window keeps this much room at the bottom, so the place
 * stays on the map, in the view whose list names it.
 */
const PIN_BELOW_TIP = MARKER_PIN_SIZE.height - 7;
/** The widest content, for a readable line length, and the narrowest where the map allows it. */
const MAX_WIDTH = 360;
const MIN_WIDTH = 200;

/**
 * The info window: a Leaflet popup showing the shared frame (the app's element, our labelled close
 * button, Escape, focus in and back; see InfoWindowFrame). Only a close by the user is reported;
 * closing from code is the app's own doing.
 */
export class InfoWindow {
  private readonly popup: L.Popup;
  private readonly frame: InfoWindowFrame;
  private resizeObserver: ResizeObserver | undefined;

  constructor(
    private readonly map: L.Map,
    closeLabel: string,
    onUserClose: () => void,
  ) {
    this.frame = new InfoWindowFrame(map.getContainer(), closeLabel, {
      isOpen: () => this.isOpen,
      hide: () => this.close(),
      onUserClose,
    });
    this.popup = L.popup({
      className: 'karta-popup',
      // Panned clear of the controls and the map's edges: see keepClearOfControls.
      autoPan: true,
      closeButton: false,
      // Both are ours: a map click is the app's to interpret, and Escape must be told apart
      // from a close from code.
      closeOnClick: false,
      closeOnEscapeKey: false,
      // The tip rests on a pin's head rather than its point, so the window never hides the
      // place it is about (Leaflet's own offset is 7 px below the point).
      offset: [0, -PIN_BELOW_TIP],
      maxWidth: MAX_WIDTH,
      minWidth: MIN_WIDTH,
    });
    // The app renders the content (a React portal) after the window opens, and it can grow when
    // data or fonts arrive: measure again then, so the window is placed and panned by its real
    // size. Otherwise the sender of a link sees a view panned for a smaller window than the one
    // the receiver gets, and the receiver's map moves again.
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => this.remeasure());
      this.resizeObserver.observe(this.frame.element);
    }
  }

  /** Shows `content` at `position`, replacing what was shown. */
  open(position: LatLng, content: HTMLElement): void {
    const takeFocus = this.frame.fill(content);
    const lng = nearestCopyLng(position.lng, this.map.getCenter().lng);
    this.keepClearOfControls(L.latLng(position.lat, lng));
    // An open popup redraws itself on both calls; a closed one is opened.
    this.popup.setLatLng([position.lat, lng]).setContent(this.frame.element);
    if (!this.isOpen) this.popup.openOn(this.map);
    if (takeFocus) this.frame.focus();
  }

  /** Closes the window without reporting it (the app asked for it). */
  close(): void {
    this.frame.forgetOpener();
    if (this.map.hasLayer(this.popup)) this.map.closePopup(this.popup);
  }

  get isOpen(): boolean {
    return this.map.hasLayer(this.popup);
  }

  setCloseLabel(label: string): void {
    this.frame.setCloseLabel(label);
  }

  destroy(): void {
    this.frame.destroy();
    this.resizeObserver?.disconnect();
    this.close();
  }

  /** Places and pans the window by its current size, keeping focus where it was inside it. */
  private remeasure(): void {
    if (!this.isOpen) return;
    // Leaflet's update() puts the content back into the window, which drops focus from inside
    // it (a "Copied" note appearing beside the focused copy button would otherwise lose it).
    const focused = document.activeElement;
    const keep = focused instanceof HTMLElement && this.frame.element.contains(focused) ? focused : null;
    this.frame.nameFromHeading();
    this.keepClearOfControls();
    this.popup.update();
    if (keep?.isConnected && document.activeElement !== keep) keep.focus({ preventScroll: true });
  }

  /**
   * Sets the pan's padding to the room between the controls (zoom, attribution, the app's Share)
   * and sizes the window to fit in it, so an open window never lies under a control or past the
   * map's edge, on a phone's narrow map too.
   */
  private keepClearOfControls(position: L.LatLng | undefined = this.popup.getLatLng()): void {
    const container = this.map.getContainer();
    const map = container.getBoundingClientRect();
    if (map.width === 0 || map.height === 0 || !position) return;
    // Leaflet's widths are the content's, inside its margins.
    const widest = map.width - 2 * INFO_WINDOW_GAP - WINDOW_CHROME_WIDTH;
    this.popup.options.maxWidth = Math.min(MAX_WIDTH, widest);
    this.popup.options.minWidth = Math.min(MIN_WIDTH, widest);
    // Across, the window will lie over its anchor at most this wide (the widest it may be).
    const anchorX = map.left + this.map.latLngToContainerPoint(position).x;
    const span = windowSpan(map, anchorX, this.popup.options.maxWidth + WINDOW_CHROME_WIDTH);
    const room = infoWindowRoom(map, mapObstacles(container, '.leaflet-control'), INFO_WINDOW_GAP, span);
    this.popup.options.autoPanPaddingTopLeft = L.point(room.left, room.top);
    room.bottom = Math.max(room.bottom, PIN_BELOW_TIP + 2);
    this.popup.options.autoPanPaddingBottomRight = L.point(room.right, room.bottom);
    this.frame.limitContentHeight(map.height - room.top - room.bottom - WINDOW_CHROME_HEIGHT);
  }
}
