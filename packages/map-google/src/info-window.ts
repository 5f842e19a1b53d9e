import {
  INFO_WINDOW_GAP,
  InfoWindowFrame,
  infoWindowRoom,
  type LatLng,
  MARKER_PIN_SIZE,
  mapObstacles,
} from '@karta/map-core';
import { nearestCopyX } from './world-copy.ts';

/** Google's own controls over the map: zoom, map type, full screen, and the terms and data line. */
const GOOGLE_CONTROLS = '.gmnoprint, .gm-style-cc, .gm-fullscreen-control, .gm-bundled-control';
/** The window's own height around its content: the bubble's padding (style.css) and the tip. */
const WINDOW_CHROME_HEIGHT = 14 + 14 + 10;
/** The tip rests on a pin's head rather than its point, so the window never hides its place. */
const TIP_LIFT = MARKER_PIN_SIZE.height - 6;

/**
 * The info window: our own window in Google's float pane (an `OverlayView`, as Google's custom
 * popup example does), showing the shared frame (the app's element, our labelled close button,
 * Escape, focus in and back; see InfoWindowFrame), so it looks and behaves as on the Leaflet
 * engine, with a pan only when it does not fit. Only a close by the user is reported.
 */
export class InfoWindow {
  private readonly root = document.createElement('div');
  private readonly frame: InfoWindowFrame;
  private readonly overlay: google.maps.OverlayView;
  private position: LatLng | null = null;
  private resizeObserver: ResizeObserver | undefined;
  /** Set by `open`: pan into view (and take focus in) once the window is on the page. */
  private reveal: { focus: boolean } | null = null;

  constructor(
    maps: typeof google.maps,
    private readonly map: google.maps.Map,
    closeLabel: string,
    onUserClose: () => void,
  ) {
    this.frame = new InfoWindowFrame(map.getDiv(), closeLabel, {
      isOpen: () => this.isOpen,
      hide: () => this.close(),
      onUserClose,
    });
    this.root.className = 'karta-google-popup';
    const bubble = document.createElement('div');
    bubble.className = 'karta-google-popup-bubble';
    bubble.append(this.frame.element);
    const tip = document.createElement('div');
    tip.className = 'karta-google-popup-tip';
    this.root.append(bubble, tip);
    // Clicks, drags and wheel turns in the window are the window's: no map click, pan or zoom.
    maps.OverlayView.preventMapHitsAndGesturesFrom(this.root);

    const window = this;
    class PopupOverlay extends maps.OverlayView {
      override onAdd() {
        this.getPanes()?.floatPane.append(window.root);
      }
      override draw() {
        window.place(this.getProjection());
      }
      override onRemove() {
        window.root.remove();
      }
    }
    this.overlay = new PopupOverlay();
    // The app renders the content (a React portal) after the window opens, and it can grow when
    // data or fonts arrive: pan again by the real size then.
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => {
        this.frame.nameFromHeading();
        this.panIntoView();
      });
      this.resizeObserver.observe(this.frame.element);
    }
  }

  /** Shows `content` at `position`, replacing what was shown. */
  open(position: LatLng, content: HTMLElement): void {
    this.reveal = { focus: this.frame.fill(content) };
    this.position = { lat: position.lat, lng: position.lng };
    // Google adds an overlay, then draws it, on its own schedule: the draw reveals the window.
    if (this.isOpen) this.place(this.overlay.getProjection());
    else this.overlay.setMap(this.map);
  }

  /** Closes the window without reporting it (the app asked for it). */
  close(): void {
    this.frame.forgetOpener();
    this.position = null;
    this.reveal = null;
    if (this.isOpen) this.overlay.setMap(null);
  }

  get isOpen(): boolean {
    return this.overlay.getMap() != null;
  }

  setCloseLabel(label: string): void {
    this.frame.setCloseLabel(label);
  }

  destroy(): void {
    this.frame.destroy();
    this.resizeObserver?.disconnect();
    this.close();
  }

  private place(projection: google.maps.MapCanvasProjection | null | undefined): void {
    if (!projection || !this.position) return;
    const point = projection.fromLatLngToDivPixel(this.position);
    if (!point) return;
    const center = this.map.getCenter();
    const centerPoint = center ? projection.fromLatLngToDivPixel(center) : null;
    const x = centerPoint ? nearestCopyX(point.x, centerPoint.x, projection.getWorldWidth()) : point.x;
    this.root.style.left = `${Math.round(x)}px`;
    this.root.style.top = `${Math.round(point.y - TIP_LIFT)}px`;
    const reveal = this.reveal;
    if (reveal && this.root.isConnected) {
      this.reveal = null;
      this.panIntoView();
      if (reveal.focus) this.frame.focus();
    }
  }

  /**
   * Pans the map just enough for the whole window to show clear of the controls (Google's and the
   * app's Share) and the map's edges, if it does not already; the content scrolls past the room.
   */
  private panIntoView(): void {
    if (!this.isOpen || !this.root.isConnected) return;
    const mapDiv = this.map.getDiv();
    const view = mapDiv.getBoundingClientRect();
    const box = this.root.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return;
    const gap = INFO_WINDOW_GAP;
    let dx = 0;
    if (box.right > view.right - gap) dx = box.right - (view.right - gap);
    if (box.left - dx < view.left + gap) dx = box.left - (view.left + gap);
    // Across, the window lies where this pan puts it: only the controls there claim room.
    const span = { left: box.left - dx, right: box.right - dx };
    const room = infoWindowRoom(view, mapObstacles(mapDiv, GOOGLE_CONTROLS), gap, span);
    // The place's own point lies TIP_LIFT below the tip: keep it on the map, in the view.
    room.bottom = Math.max(room.bottom, TIP_LIFT + 2);
    this.frame.limitContentHeight(view.height - room.top - room.bottom - WINDOW_CHROME_HEIGHT);
    let dy = 0;
    // The top wins over the bottom: a window taller than the map shows its start.
    if (box.bottom > view.bottom - room.bottom) dy = box.bottom - (view.bottom - room.bottom);
    if (box.top - dy < view.top + room.top) dy = box.top - (view.top + room.top);
    if (dx !== 0 || dy !== 0) this.map.panBy(Math.round(dx), Math.round(dy));
  }
}
