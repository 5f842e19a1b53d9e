export * from './cluster-style.ts';
export { attributionHtml, attributionNodes } from './dom/attribution.ts';
export { createClusterButton, updateClusterButton } from './dom/cluster-button.ts';
export {
  APPROXIMATE_MARKER_SIZE,
  clusterGeometry,
  type ElementGeometry,
  MARKER_PIN_SIZE,
  markerGeometry,
} from './dom/element-geometry.ts';
export { InfoWindowFrame, type InfoWindowHost } from './dom/info-window-frame.ts';
export {
  INFO_WINDOW_GAP,
  type InfoWindowRoom,
  infoWindowRoom,
  MAP_OVERLAY_ATTRIBUTE,
  mapObstacles,
  windowSpan,
} from './dom/info-window-room.ts';
export { createMarkerButton, updateMarkerButton } from './dom/marker-button.ts';
export {
  offsetByMetres,
  PICKER_BIG_STEP_METRES,
  PICKER_GEOMETRY,
  PICKER_STEP_METRES,
  PickerButton,
  type PickerHost,
} from './dom/picker-button.ts';
export { RovingFocus } from './dom/roving-focus.ts';
export * from './mercator.ts';
export * from './tiles.ts';
export * from './types.ts';
export { normalizeBounds, normalizeCenter } from './viewport.ts';
