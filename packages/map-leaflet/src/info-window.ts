import { type LatLng, MARKER_PIN_SIZE } from '@karta/map-core';
import L from 'leaflet';
import { nearestCopyLng } from './world-copy.ts';

/**
 * The info window: a Leaflet popup showing the app's element, with our own labelled close button
 * (a real `<button>`), Escape to close, and focus handed back to whatever opened it. Only a
 * close by the user is reported; closing from code is the app's own doing.
 */
export class InfoWindow {
  private readonly popup: L.Popup;
  private readonly frame: HTMLDivElement;
  private readonly closeButton: HTMLButtonElement;
  /** Where focus was when the window opened, to return it on a close by keyboard or button. */
  private opener: HTMLElement | null = null;
  private resizeObserver: ResizeObserver | undefined;

  constructor(
    private readonly map: L.Map,
    closeLabel: string,
    private readonly onUserClose: () => void,
  ) {
    this.closeButton = document.createElement('button');
    this.closeButton.type = 'button';
    this.closeButton.className = 'karta-popup-close';
    this.closeButton.innerHTML = '<span aria-hidden="true">×</span>';
    this.closeButton.addEventListener('click', () => this.closeByUser());

    this.frame = document.createElement('div');
    this.frame.className = 'karta-popup-frame';
    // Focusable from code only, so keyboard users land in the window when it opens.
    this.frame.tabIndex = -1;
    this.setCloseLabel(closeLabel);

    this.popup = L.popup({
      className: 'karta-popup',
      autoPan: true,
      autoPanPadding: [16, 16],
      closeButton: false,
      // Both are ours: a map click is the app's to interpret, and Escape must be told apart
      // from a close from code.
      closeOnClick: false,
      closeOnEscapeKey: false,
      // The tip rests on a pin's head rather than its point, so the window never hides the
      // place it is about (Leaflet's own offset is 7 px below the point).
      offset: [0, 7 - MARKER_PIN_SIZE.height],
      maxWidth: 360,
      minWidth: 200,
    });
    // On the container, so Escape works wherever focus is in the map, the window included.
    map.getContainer().addEventListener('keydown', this.onKeyDown);
    // The app renders the content (a React portal) after the window opens, and it can grow when
    // data or fonts arrive: measure again then, so the window is placed and panned by its real
    // size. Otherwise the sender of a link sees a view panned for a smaller window than the one
    // the receiver gets, and the receiver's map moves again.
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => this.remeasure());
      this.resizeObserver.observe(this.frame);
    }
  }

  /** Shows `content` at `position`, replacing what was shown. */
  open(position: LatLng, content: HTMLElement): void {
    const active = document.activeElement;
    const focusInMap = active instanceof HTMLElement && this.map.getContainer().contains(active);
    if (focusInMap && !this.frame.contains(active)) this.opener = active;
    this.frame.replaceChildren(this.closeButton, content);
    const lng = nearestCopyLng(position.lng, this.map.getCenter().lng);
    // An open popup redraws itself on both calls; a closed one is opened.
    this.popup.setLatLng([position.lat, lng]).setContent(this.frame);
    if (!this.isOpen) this.popup.openOn(this.map);
    // Someone working in the map (a marker chosen by keyboard) is taken into the window.
    if (focusInMap) this.frame.focus({ preventScroll: true });
  }

  /** Closes the window without reporting it (the app asked for it). */
  close(): void {
    this.opener = null;
    if (this.map.hasLayer(this.popup)) this.map.closePopup(this.popup);
  }

  get isOpen(): boolean {
    return this.map.hasLayer(this.popup);
  }

  setCloseLabel(label: string): void {
    this.closeButton.setAttribute('aria-label', label);
    this.closeButton.title = label;
  }

  destroy(): void {
    this.map.getContainer().removeEventListener('keydown', this.onKeyDown);
    this.resizeObserver?.disconnect();
    this.close();
  }

  /** Places and pans the window by its current size, keeping focus where it was inside it. */
  private remeasure(): void {
    if (!this.isOpen) return;
    // Leaflet's update() puts the content back into the window, which drops focus from inside
    // it (a "Copied" note appearing beside the focused copy button would otherwise lose it).
    const focused = document.activeElement;
    const keep = focused instanceof HTMLElement && this.frame.contains(focused) ? focused : null;
    this.popup.update();
    if (keep?.isConnected && document.activeElement !== keep) keep.focus({ preventScroll: true });
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !this.isOpen || event.defaultPrevented) return;
    event.preventDefault();
    this.closeByUser();
  };

  private closeByUser(): void {
    const opener = this.opener;
    const focusWasInside = this.frame.contains(document.activeElement);
    this.close();
    if (focusWasInside && opener?.isConnected) opener.focus({ preventScroll: true });
    this.onUserClose();
  }
}
