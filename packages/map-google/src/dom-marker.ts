import type { ElementGeometry, LatLng } from '@karta/map-core';
import { nearestCopyX } from './world-copy.ts';

interface Holder {
  box: HTMLDivElement;
  position: LatLng;
  geometry: ElementGeometry;
  /** Added to the latitude order, e.g. to raise the selected marker. */
  zOffset: number;
}

/**
 * Our buttons on a Google map: one `OverlayView` in the mouse-target pane positions every button of
 * a layer on each draw. The boxes only position; the buttons take focus and clicks, and their
 * clicks, drags and wheel turns never reach the map (no map click, no drag start).
 */
export class DomMarkers<Id> {
  private readonly root = document.createElement('div');
  private readonly holders = new Map<Id, Holder>();
  private readonly overlay: google.maps.OverlayView;

  constructor(
    private readonly maps: typeof google.maps,
    map: google.maps.Map,
    className: string,
  ) {
    this.root.className = className;
    this.root.style.position = 'absolute';
    this.root.style.left = '0';
    this.root.style.top = '0';
    // Its own stacking context, so the latitude order of the boxes stays inside the layer.
    this.root.style.zIndex = '0';
    maps.OverlayView.preventMapHitsAndGesturesFrom(this.root);
    const layer = this;
    // Google adds the panes and the projection only after `setMap`, then calls onAdd and draw.
    class ButtonOverlay extends maps.OverlayView {
      override onAdd() {
        this.getPanes()?.overlayMouseTarget.append(layer.root);
      }
      override draw() {
        layer.draw(this.getProjection());
      }
      override onRemove() {
        layer.root.remove();
      }
    }
    this.overlay = new ButtonOverlay();
    this.overlay.setMap(map);
  }

  /**
   * Stacks the whole layer against the other layers of buttons in the pane (all at 0, later ones
   * over earlier ones): below 0 under them all, above 0 over them all.
   */
  stackAt(zIndex: number): void {
    this.root.style.zIndex = String(zIndex);
  }

  /** Puts `element` on the map at `position`, anchored by `geometry`. */
  add(id: Id, element: HTMLElement, position: LatLng, geometry: ElementGeometry, zOffset = 0): void {
    const box = document.createElement('div');
    box.style.position = 'absolute';
    box.append(element);
    const holder: Holder = { box, position: latLng(position), geometry, zOffset };
    sizeBox(holder);
    this.holders.set(id, holder);
    this.root.append(box);
    this.place(holder, this.overlay.getProjection());
  }

  /** Moves, resizes or re-stacks a shown element in place (taking it out would drop its focus). */
  update(id: Id, position: LatLng, geometry: ElementGeometry, zOffset = 0): void {
    const holder = this.holders.get(id);
    if (!holder) return;
    const resized =
      holder.geometry.width !== geometry.width ||
      holder.geometry.height !== geometry.height ||
      holder.geometry.anchorX !== geometry.anchorX ||
      holder.geometry.anchorY !== geometry.anchorY;
    const moved = holder.position.lat !== position.lat || holder.position.lng !== position.lng;
    if (!resized && !moved && holder.zOffset === zOffset) return;
    holder.position = latLng(position);
    holder.geometry = geometry;
    holder.zOffset = zOffset;
    if (resized) sizeBox(holder);
    this.place(holder, this.overlay.getProjection());
  }

  remove(id: Id): void {
    this.holders.get(id)?.box.remove();
    this.holders.delete(id);
  }

  clear(): void {
    for (const holder of this.holders.values()) holder.box.remove();
    this.holders.clear();
  }

  destroy(): void {
    this.clear();
    this.overlay.setMap(null);
  }

  private draw(projection: google.maps.MapCanvasProjection | null | undefined): void {
    for (const holder of this.holders.values()) this.place(holder, projection);
  }

  private place(holder: Holder, projection: google.maps.MapCanvasProjection | null | undefined): void {
    // Before the overlay is added there is no projection; its first draw places everything.
    const map = this.overlay.getMap();
    if (!projection || !(map instanceof this.maps.Map)) return;
    const point = projection.fromLatLngToDivPixel(holder.position);
    const center = map.getCenter();
    const centerPoint = center ? projection.fromLatLngToDivPixel(center) : null;
    if (!point) return;
    const x = centerPoint ? nearestCopyX(point.x, centerPoint.x, projection.getWorldWidth()) : point.x;
    holder.box.style.left = `${Math.round(x - holder.geometry.anchorX)}px`;
    holder.box.style.top = `${Math.round(point.y - holder.geometry.anchorY)}px`;
    // Southern elements over northern ones, as pins stand on the ground.
    holder.box.style.zIndex = String(Math.round(point.y) + holder.zOffset);
  }
}

/** A plain literal: Google rejects literals with other properties (our items carry ids and more). */
function latLng({ lat, lng }: LatLng): LatLng {
  return { lat, lng };
}

function sizeBox({ box, geometry }: Holder): void {
  box.style.width = `${geometry.width}px`;
  box.style.height = `${geometry.height}px`;
}
