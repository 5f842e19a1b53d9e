import {
  attributionHtml,
  type MapAdapter,
  type MapAdapterFactory,
  type MapAdapterOptions,
  type MapLabels,
  normalizeCenter,
  RovingFocus,
  type VectorBasemap,
} from '@karta/map-core';
import L from 'leaflet';
import { CircleLayer } from './circle-layer.ts';
import { ClusterLayer } from './cluster-layer.ts';
import { InfoWindow } from './info-window.ts';
import { MarkerLayer } from './marker-layer.ts';
import { PickerLayer } from './picker-layer.ts';
import { fitBounds, readViewport } from './viewport.ts';
import { createZoomControl } from './zoom-control.ts';

type VectorBasemapModule = typeof import('./vector-basemap.ts');

/**
 * The open map engine: Leaflet with raster tiles from a URL template (`{r}` gives `@2x` on dense
 * screens), or the deployment's own vector tiles, whose renderer is loaded only then.
 */
export const createLeafletMap: MapAdapterFactory = (options) => Promise.resolve(new LeafletMap(options));

class LeafletMap implements MapAdapter {
  readonly engine = 'leaflet' as const;
  // Raster tiles carry their own labels, which the app's language does not reach; a vector base
  // map follows it at once (setLanguage). Either way nothing waits for a reload.
  readonly labelLanguage = null;
  private readonly map: L.Map;
  /** The vector renderer, once loaded (vector base map only), and the layer it draws. */
  private vector: VectorBasemapModule | null = null;
  private vectorLayer: L.Layer | null = null;
  private language: string;
  private readonly clusters: ClusterLayer;
  private readonly markers: MarkerLayer;
  private readonly circles: CircleLayer;
  private readonly picker: PickerLayer;
  private readonly infoWindow: InfoWindow;
  private readonly resizeObserver: ResizeObserver | null;
  private readonly roving: RovingFocus;
  private zoomControl: L.Control.Zoom;
  private labels: MapLabels;
  private destroyed = false;
  /** What Leaflet and we change on the container (classes, style, tabindex, name), put back on destroy. */
  private readonly containerBefore: {
    className: string;
    style: string | null;
    tabindex: string | null;
    role: string | null;
    label: string | null;
  };

  constructor(private readonly options: MapAdapterOptions) {
    const { container, center, zoom, minZoom, maxZoom, events } = options;
    this.containerBefore = {
      className: container.className,
      style: container.getAttribute('style'),
      tabindex: container.getAttribute('tabindex'),
      role: container.getAttribute('role'),
      label: container.getAttribute('aria-label'),
    };
    const still = prefersReducedMotion();
    this.map = L.map(container, {
      center: [center.lat, center.lng],
      zoom,
      minZoom,
      maxZoom,
      // Added below with the app's translated names.
      zoomControl: false,
      // Keeps the centre on the main world copy when panning round the globe.
      worldCopyJump: true,
      zoomAnimation: !still,
      fadeAnimation: !still,
      markerZoomAnimation: !still,
    });
    if (options.keepToStartArea) {
      this.map.setMinZoom(this.map.getZoom());
      this.map.setMaxBounds(this.map.getBounds());
      // Solid edges: the map cannot be dragged past them even for a moment.
      this.map.options.maxBoundsViscosity = 1;
    }
    this.language = options.language;
    // A renderer that fails to load leaves the places on a plain background, and the failure
    // reaches error reporting as an unhandled rejection.
    if (options.vectorBasemap) void this.drawVectorBasemap(options.vectorBasemap);
    // Leaflet's attribution box takes HTML: the operator's text goes in escaped, with our links.
    else
      L.tileLayer(options.tileUrl, {
        attribution: attributionHtml(options.tileAttribution),
        minZoom,
        maxZoom,
      }).addTo(this.map);
    this.labels = options.labels;
    this.zoomControl = createZoomControl(this.labels).addTo(this.map);
    // Two Tab stops in all: the map itself (arrows pan, + and − zoom) and its buttons (see RovingFocus).
    // The zoom buttons repeat + and −, and the attribution stays on screen and in the page's
    // footer, so neither adds a stop of its own.
    this.roving = new RovingFocus(container, () => normalizeCenter(this.map.getCenter()));
    keepOutOfTabOrder(this.map.attributionControl?.getContainer());
    keepOutOfTabOrder(this.zoomControl.getContainer());
    nameKeyboardStop(container, this.labels);

    this.clusters = new ClusterLayer(this.map, events, this.labels);
    this.markers = new MarkerLayer(this.map, events);
    this.circles = new CircleLayer(this.map);
    this.picker = new PickerLayer(this.map, (position) => events.onPickerMove?.(position));
    this.infoWindow = new InfoWindow(this.map, this.labels.closeInfoWindow, () => events.onInfoWindowClose());

    // Leaflet fires `moveend` after every pan and zoom (after `zoomend`), so one listener reports
    // each settled view once. The first view, set above, is read with getViewport.
    this.map.on('moveend', this.onMoveEnd);
    this.map.on('click', this.onClick);
    // Leaflet only notices window resizes; a layout change can resize the map on its own.
    this.resizeObserver =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.map.invalidateSize());
    this.resizeObserver?.observe(container);
  }

  getViewport() {
    return readViewport(this.map);
  }

  setView(center: { lat: number; lng: number }, zoom: number): void {
    if (this.destroyed) return;
    this.map.setView([center.lat, center.lng], zoom);
  }

  fitBounds(bounds: Parameters<MapAdapter['fitBounds']>[0]): void {
    if (this.destroyed) return;
    fitBounds(this.map, bounds, this.options.maxZoom);
  }

  setClusters(clusters: Parameters<MapAdapter['setClusters']>[0]): void {
    if (!this.destroyed) this.clusters.set(clusters);
  }

  setMarkers(markers: Parameters<MapAdapter['setMarkers']>[0]): void {
    if (!this.destroyed) this.markers.set(markers);
  }

  setCircles(circles: Parameters<MapAdapter['setCircles']>[0]): void {
    if (!this.destroyed) this.circles.set(circles);
  }

  setPicker(picker: Parameters<MapAdapter['setPicker']>[0]): void {
    if (!this.destroyed) this.picker.set(picker);
  }

  openInfoWindow(position: { lat: number; lng: number }, content: HTMLElement): void {
    if (!this.destroyed) this.infoWindow.open(position, content);
  }

  closeInfoWindow(): void {
    if (!this.destroyed) this.infoWindow.close();
  }

  setLabels(labels: MapLabels): void {
    if (this.destroyed) return;
    const zoomNamesChanged = labels.zoomIn !== this.labels.zoomIn || labels.zoomOut !== this.labels.zoomOut;
    this.labels = labels;
    this.clusters.setLabels(labels);
    this.infoWindow.setCloseLabel(labels.closeInfoWindow);
    nameKeyboardStop(this.options.container, labels);
    if (zoomNamesChanged) {
      this.zoomControl.remove();
      this.zoomControl = createZoomControl(labels).addTo(this.map);
      keepOutOfTabOrder(this.zoomControl.getContainer());
    }
  }

  setLanguage(language: string): void {
    const before = this.language;
    this.language = language;
    if (this.destroyed || !this.vector || !this.vectorLayer || !this.options.vectorBasemap) return;
    if (this.vector.primaryLanguage(language) === this.vector.primaryLanguage(before)) return;
    // The renderer takes its label language when it is made: a new layer replaces the old one.
    const next = this.vectorLayerOf(this.vector, this.options.vectorBasemap).addTo(this.map);
    this.vectorLayer.remove();
    this.vectorLayer = next;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.resizeObserver?.disconnect();
    this.roving.destroy();
    this.infoWindow.destroy();
    this.clusters.clear();
    this.markers.clear();
    this.circles.clear();
    this.picker.clear();
    this.map.off();
    this.map.remove();
    restoreAttribute(this.options.container, 'style', this.containerBefore.style);
    restoreAttribute(this.options.container, 'tabindex', this.containerBefore.tabindex);
    restoreAttribute(this.options.container, 'role', this.containerBefore.role);
    restoreAttribute(this.options.container, 'aria-label', this.containerBefore.label);
    this.options.container.className = this.containerBefore.className;
  }

  /**
   * Loads the vector renderer and draws the base map with it. The map, its places and controls
   * work meanwhile (as raster tiles arrive after the map is drawn), so the renderer is not part of
   * what must load before the places show.
   */
  private async drawVectorBasemap(basemap: VectorBasemap): Promise<void> {
    const vector = await import('./vector-basemap.ts');
    if (this.destroyed) return;
    this.vector = vector;
    this.vectorLayer = this.vectorLayerOf(vector, basemap).addTo(this.map);
  }

  private vectorLayerOf(vector: VectorBasemapModule, basemap: VectorBasemap): L.Layer {
    // Leaflet's attribution box takes HTML: the archive's text goes in escaped, with our links.
    return vector.vectorBasemapLayer(basemap, this.language, attributionHtml(basemap.attribution));
  }

  private readonly onMoveEnd = (): void => {
    this.clusters.followWorldCopy();
    this.markers.followWorldCopy();
    this.circles.followWorldCopy();
    this.picker.followWorldCopy();
    this.options.events.onViewportChange(readViewport(this.map));
  };

  private readonly onClick = (event: L.LeafletMouseEvent): void => {
    this.options.events.onMapClick?.(normalizeCenter(event.latlng));
  };
}

/**
 * Names the map's own Tab stop (Leaflet makes its container focusable for the arrow keys), so a
 * keyboard or screen-reader user landing on it hears what it is and how to use it.
 */
function nameKeyboardStop(container: HTMLElement, labels: MapLabels): void {
  if (!labels.keyboardMap) return;
  container.setAttribute('role', 'group');
  container.setAttribute('aria-label', labels.keyboardMap);
}

/** Leaves a control's links and buttons clickable but out of the Tab order. */
function keepOutOfTabOrder(control: HTMLElement | undefined): void {
  for (const element of control?.querySelectorAll<HTMLElement>('a, button') ?? []) element.tabIndex = -1;
}

function restoreAttribute(element: HTMLElement, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
