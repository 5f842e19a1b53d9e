/** A point in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** A geographic box in degrees; `west > east` crosses the antimeridian. */
export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** What the map currently shows. */
export interface Viewport {
  center: LatLng;
  zoom: number;
  bounds: Bounds;
}

/** A cluster as the server sends it (see `MapCluster` in @karta/contracts). */
export interface ClusterItem {
  id: string;
  lat: number;
  lng: number;
  count: number;
  tier: number;
  bounds: Bounds;
}

/** A single place drawn as a marker button. */
export interface MarkerItem {
  id: number;
  lat: number;
  lng: number;
  /** Category colour, `#rrggbb`. */
  color: string;
  /** Accessible name of the marker button, e.g. "Cvjetni trg, Pharmacy". */
  label: string;
  selected: boolean;
  /** The position is coarsened for privacy: the marker is drawn with an area look. */
  approximate: boolean;
  /** Nobody has confirmed the place for a long time: the marker is drawn muted. */
  stale?: boolean;
}

/** A circle in metres, drawn by the engine. */
export interface CircleItem {
  id: string;
  lat: number;
  lng: number;
  radius: number;
  color: string;
  /** `selected`: the chosen place's radius; `ambient`: radii in view from zoom 13; `area`: a privacy area. */
  kind: 'selected' | 'ambient' | 'area';
}

/**
 * The position the user is choosing (proposing or editing a place): one marker they can drag, or
 * focus and move with the arrow keys.
 */
export interface PickerItem {
  lat: number;
  lng: number;
  /** Accessible name that says how to move it, e.g. "Place position: drag, or use the arrow keys". */
  label: string;
}

/** Callbacks from the map to the feature code. */
export interface MapEvents {
  /** After the map settles on a new position (pan or zoom ended). */
  onViewportChange(viewport: Viewport): void;
  onClusterClick(cluster: ClusterItem): void;
  onMarkerClick(id: number): void;
  /** A click on the map itself (not on a marker, cluster or info window). */
  onMapClick?(position: LatLng): void;
  /**
   * The user moved the picker (while dragging, on each move; with an arrow key, on each press).
   * The picker is already drawn there; the app keeps it there by passing the position back.
   */
  onPickerMove?(position: LatLng): void;
  /** The user closed the info window with its close button or Escape. */
  onInfoWindowClose(): void;
  /**
   * The engine stopped working after the map was created (its provider refused the key): the app
   * may draw with another engine instead.
   */
  onEngineFailure?(error: Error): void;
}

/** Text the adapter puts on its own controls; given by the app so it is translated. */
export interface MapLabels {
  /** Accessible name of a cluster button, e.g. "12 places, zoom in". */
  cluster(count: number): string;
  /** Accessible name of the info window's close button. */
  closeInfoWindow: string;
  /** Names of the engine's zoom buttons; the engine's own (English) names when absent. */
  zoomIn?: string;
  zoomOut?: string;
  /** Name of the map itself where the engine makes it a Tab stop (arrows pan, + and − zoom). */
  keyboardMap?: string;
}

/**
 * The deployment's own vector base map (decision 028): Mapbox Vector Tiles of the Protomaps
 * basemap schema at `tileUrl` (`{z}`, `{x}`, `{y}`), up to `maxZoom`; deeper zooms are drawn from
 * the deepest tiles (over-zoom). Engines that draw their own background (Google) ignore it.
 */
export interface VectorBasemap {
  tileUrl: string;
  maxZoom: number;
  /** Whose data the tiles are, as text (as `tileAttribution`). */
  attribution: string;
}

/** Everything an engine needs to create a map. */
export interface MapAdapterOptions {
  container: HTMLElement;
  center: LatLng;
  zoom: number;
  minZoom: number;
  maxZoom: number;
  tileUrl: string;
  tileAttribution: string;
  /** Drawn instead of the raster tiles of `tileUrl` when given. */
  vectorBasemap?: VectorBasemap | null;
  /** UI language, e.g. for the engine's own labels. */
  language: string;
  labels: MapLabels;
  events: MapEvents;
  /**
   * The map keeps to the area it opens on (an embed's fixed area): visitors zoom in and move
   * within it, never out of it or beyond its edges.
   */
  keepToStartArea?: boolean;
}

/**
 * One map engine behind one interface: feature code never knows which engine it talks to.
 * Markers and clusters are DOM buttons (see `dom/`), circles are drawn by the engine.
 */
export interface MapAdapter {
  /** The engine's name, as the app's engine registry knows it (the core knows none of them). */
  readonly engine: string;
  /**
   * The language of the engine's own map labels when the engine fixed it at load time (a loaded
   * script that cannot change language); null when labels do not depend on it.
   */
  readonly labelLanguage: string | null;
  getViewport(): Viewport;
  setView(center: LatLng, zoom: number): void;
  /** Zoom to show the box; never beyond `maxZoom`. */
  fitBounds(bounds: Bounds): void;
  setClusters(clusters: readonly ClusterItem[]): void;
  setMarkers(markers: readonly MarkerItem[]): void;
  setCircles(circles: readonly CircleItem[]): void;
  /**
   * Shows the draggable position picker there (keeping its element, and focus), or removes it.
   * Every engine draws it under the clusters and markers, so it never hides a cluster's count or a
   * place (Near me's point among its results), and over them while the user holds it or moves it
   * with the keys; always over the circles, under the info window. The place editor's map draws
   * no clusters or markers, so there the picker is always on top of what the map shows.
   */
  setPicker(picker: PickerItem | null): void;
  /** Show `content` (rendered by the app) in an info window anchored at `position`. */
  openInfoWindow(position: LatLng, content: HTMLElement): void;
  closeInfoWindow(): void;
  setLabels(labels: MapLabels): void;
  /**
   * Writes the engine's own map labels (towns, streets) in this language from now on, where it can
   * (a vector base map can; raster tiles and a loaded Google script cannot: see `labelLanguage`).
   */
  setLanguage?(language: string): void;
  destroy(): void;
}

/** Creates an adapter; async so an engine may load its script first. */
export type MapAdapterFactory = (options: MapAdapterOptions) => Promise<MapAdapter>;
