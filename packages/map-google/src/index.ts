export { AuthFailureError } from './auth-failure.ts';
export { createGoogleMapFactory } from './create-google-map.ts';
export {
  GOOGLE_MAPS_SCRIPT_URL,
  type GoogleMapsScriptOptions,
  LOAD_TIMEOUT_MESSAGE,
  LOAD_TIMEOUT_MS,
  loadedGoogleMapsLanguage,
  loadGoogleMaps,
  ScriptLoadError,
} from './load-google-maps.ts';
