import {
  type LatLng,
  type MapAdapter,
  type MapAdapterFactory,
  type MapAdapterOptions,
  type MapLabels,
  normalizeCenter,
  RovingFocus,
  type Viewport,
} from '@karta/map-core';
import { AuthFailureError, onAuthFailure } from './auth-failure.ts';
import { CircleLayer } from './circle-layer.ts';
import { ClusterLayer } from './cluster-layer.ts';
import { InfoWindow } from './info-window.ts';
import {
  type GoogleMapsScriptOptions,
  loadedGoogleMapsLanguage,
  loadGoogleMaps,
} from './load-google-maps.ts';
import { MarkerLayer } from './marker-layer.ts';
import { PickerLayer } from './picker-layer.ts';
import { fitBounds, readViewport, sameViewport } from './viewport.ts';

/**
 * The Google Maps engine: the factory loads Google's script on first use (in the map's language),
 * then draws the same clusters, markers, circles and info window as the open engine.
 */
export function createGoogleMapFactory(script: Omit<GoogleMapsScriptOptions, 'language'>): MapAdapterFactory {
  return async (options) => {
    const maps = await loadGoogleMaps({ ...script, language: options.language });
    return new GoogleMap(maps, options, loadedGoogleMapsLanguage());
  };
}

class GoogleMap implements MapAdapter {
  readonly engine = 'google' as const;
  private readonly map: google.maps.Map;
  private readonly clusters: ClusterLayer;
  private readonly markers: MarkerLayer;
  private readonly circles: CircleLayer;
  private readonly picker: PickerLayer;
  private readonly infoWindow: InfoWindow;
  private readonly listeners: google.maps.MapsEventListener[];
  private readonly stopAuthWatch: () => void;
  /** One Tab stop for all our buttons, arrow keys between them (the same as on the open engine). */
  private readonly roving: RovingFocus;
  private lastReported: Viewport | null = null;
  private destroyed = false;
  /** What Google changes on the container (its style), put back on destroy. */
  private readonly styleBefore: string | null;

  constructor(
    private readonly maps: typeof google.maps,
    private readonly options: MapAdapterOptions,
    readonly labelLanguage: string | null,
  ) {
    const { container, center, zoom, minZoom, maxZoom, events, labels } = options;
    this.styleBefore = container.getAttribute('style');
    this.map = new maps.Map(container, {
      center: { lat: center.lat, lng: center.lng },
      zoom,
      minZoom,
      maxZoom,
      // Our buttons are the map's content: Google's own points of interest would answer clicks too.
      clickableIcons: false,
      disableDefaultUI: true,
      zoomControl: true,
      keyboardShortcuts: true,
      isFractionalZoomEnabled: false,
    });
    this.roving = new RovingFocus(container, () => this.getViewport().center);
    this.clusters = new ClusterLayer(maps, this.map, events, labels);
    this.markers = new MarkerLayer(maps, this.map, events);
    this.circles = new CircleLayer(maps, this.map);
    this.picker = new PickerLayer(maps, this.map, (position) => events.onPickerMove?.(position));
    this.infoWindow = new InfoWindow(maps, this.map, labels.closeInfoWindow, () =>
      events.onInfoWindowClose(),
    );
    this.listeners = [
      // `idle` follows every pan and zoom once the map has settled (and its first render).
      this.map.addListener('idle', this.onIdle),
      this.map.addListener('click', this.onClick),
    ];
    // The area it opens on is known once the map has drawn it: from then on the map keeps to it.
    if (options.keepToStartArea)
      maps.event.addListenerOnce(this.map, 'idle', () => {
        const area = this.map.getBounds();
        if (area)
          this.map.setOptions({
            minZoom: this.map.getZoom(),
            restriction: { latLngBounds: area, strictBounds: true },
          });
      });
    // A refused key shows Google's own error over the map: the app can draw with another engine.
    this.stopAuthWatch = onAuthFailure(() => events.onEngineFailure?.(new AuthFailureError()));
  }

  getViewport(): Viewport {
    return readViewport(this.map);
  }

  setView(center: LatLng, zoom: number): void {
    if (this.destroyed) return;
    this.map.setCenter({ lat: center.lat, lng: center.lng });
    this.map.setZoom(zoom);
  }

  fitBounds(bounds: Parameters<MapAdapter['fitBounds']>[0]): void {
    if (!this.destroyed) fitBounds(this.maps, this.map, bounds, this.options.maxZoom);
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

  openInfoWindow(position: LatLng, content: HTMLElement): void {
    if (!this.destroyed) this.infoWindow.open(position, content);
  }

  closeInfoWindow(): void {
    if (!this.destroyed) this.infoWindow.close();
  }

  /** Google's own controls follow the script's language; our buttons and window follow these. */
  setLabels(labels: MapLabels): void {
    if (this.destroyed) return;
    this.clusters.setLabels(labels);
    this.infoWindow.setCloseLabel(labels.closeInfoWindow);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.stopAuthWatch();
    this.roving.destroy();
    this.infoWindow.destroy();
    this.clusters.clear();
    this.markers.clear();
    this.circles.clear();
    this.picker.clear();
    for (const listener of this.listeners) listener.remove();
    this.maps.event.clearInstanceListeners(this.map);
    // Google has no way to dispose of a map: emptying its container lets the page reuse it.
    const { container } = this.options;
    container.replaceChildren();
    if (this.styleBefore === null) container.removeAttribute('style');
    else container.setAttribute('style', this.styleBefore);
  }

  private readonly onIdle = (): void => {
    const viewport = readViewport(this.map);
    if (sameViewport(this.lastReported, viewport)) return;
    this.lastReported = viewport;
    this.options.events.onViewportChange(viewport);
  };

  private readonly onClick = (event: google.maps.MapMouseEvent): void => {
    if (!event.latLng) return;
    this.options.events.onMapClick?.(normalizeCenter({ lat: event.latLng.lat(), lng: event.latLng.lng() }));
  };
}
