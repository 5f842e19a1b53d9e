import type { MapEngine } from '@karta/contracts';
import type {
  Bounds,
  CircleItem,
  ClusterItem,
  LatLng,
  MapLabels,
  MarkerItem,
  PickerItem,
  VectorBasemap,
  Viewport,
} from '@karta/map-core';
import type { ReactNode, Ref } from 'react';
import type { EngineSettings } from '../../engines/engine-registry.ts';

/** An info window to show: React content already rendered into `content` (see createPortal). */
export interface InfoWindowRequest {
  /** Changes when a different window should open (another place, another cluster). */
  key: string;
  position: LatLng;
  content: HTMLElement;
}

/** What the page can ask of the map imperatively. */
export interface MapHandle {
  fitBounds(bounds: Bounds): void;
  setView(center: LatLng, zoom: number): void;
  getViewport(): Viewport | null;
}

export interface MapCanvasProps {
  /** The configured engine; one this build lacks falls back to the open engine. */
  engine: MapEngine;
  /** What the engines need from the runtime config (Google's key, client id, version, libraries). */
  engineSettings: EngineSettings;
  /** The position to show: the map moves when it differs from what the map shows. */
  center: LatLng;
  zoom: number;
  minZoom: number;
  maxZoom: number;
  tileUrl: string;
  tileAttribution: string;
  /** The deployment's own base map, drawn instead of `tileUrl`'s raster tiles by the open engine. */
  vectorBasemap?: VectorBasemap | null;
  language: string;
  labels: MapLabels;
  clusters?: readonly ClusterItem[];
  markers?: readonly MarkerItem[];
  circles?: readonly CircleItem[];
  infoWindow?: InfoWindowRequest | null;
  /** The draggable position picker (proposing or editing a place); none when absent or null. */
  picker?: PickerItem | null;
  /** The user dragged the picker, or moved it with the arrow keys. */
  onPickerMove?(position: LatLng): void;
  /** A click on the map itself (not on a marker, cluster or info window). */
  onMapClick?(position: LatLng): void;
  onViewportChange?(viewport: Viewport): void;
  /** The map keeps to the area it opens on (an embed's fixed area); read when the map is made. */
  keepToStartArea?: boolean;
  onClusterClick?(cluster: ClusterItem): void;
  onMarkerClick?(id: number): void;
  onInfoWindowClose?(): void;
  /** Accessible name of the map region. */
  label: string;
  /** `data-testid` of the map element (the home page's is `map`). */
  testId?: string;
  /** Size classes; the default is the product's 100% × 400 px. */
  className?: string;
  /** Overlays drawn over the map (data errors, loading hints). */
  children?: ReactNode;
  ref?: Ref<MapHandle>;
}
