/**
 * What the map's info window shows: a place's card (with its photo) and a cluster's list of
 * places. Loaded apart from the home page's first view, which shows neither before a click
 * (use-places-info-window.tsx).
 */
export { PlaceInfoPhoto } from '../../features/photos/components/place-info-photo.tsx';
export { ClusterPlacesCard } from '../../features/places/components/cluster-places-card.tsx';
export { PlaceInfoCard } from '../../features/places/components/place-info-card.tsx';
