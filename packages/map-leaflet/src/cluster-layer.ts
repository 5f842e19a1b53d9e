import {
  type ClusterItem,
  clusterGeometry,
  createClusterButton,
  type MapEvents,
  type MapLabels,
  updateClusterButton,
} from '@karta/map-core';
import type L from 'leaflet';
import { createDomMarker, moveDomMarker, resizeDomMarker } from './dom-marker.ts';
import { followWorldCopy, removeAbsent, removeAll } from './shown-layers.ts';
import { nearestCopyLng } from './world-copy.ts';

interface ShownCluster {
  item: ClusterItem;
  button: HTMLButtonElement;
  marker: L.Marker;
}

/** The cluster buttons on the map, kept in step with the last list by id. */
export class ClusterLayer {
  private readonly shown = new Map<string, ShownCluster>();

  constructor(
    private readonly map: L.Map,
    private readonly events: Pick<MapEvents, 'onClusterClick'>,
    private labels: MapLabels,
  ) {}

  /** Shows exactly `clusters`: updates buttons it already has (keeping focus), adds and removes the rest. */
  set(clusters: readonly ClusterItem[]): void {
    removeAbsent(this.shown, clusters, (entry) => entry.marker);
    const centerLng = this.map.getCenter().lng;
    for (const cluster of clusters) {
      const lng = nearestCopyLng(cluster.lng, centerLng);
      const entry = this.shown.get(cluster.id);
      if (entry) {
        const resized = entry.item.count !== cluster.count;
        entry.item = cluster;
        updateClusterButton(entry.button, cluster, this.labels.cluster(cluster.count));
        if (resized) resizeDomMarker(entry.marker, clusterGeometry(cluster.count));
        moveDomMarker(entry.marker, cluster.lat, lng);
      } else {
        this.add(cluster, lng);
      }
    }
  }

  /** Renames every button, e.g. after a language switch. */
  setLabels(labels: MapLabels): void {
    this.labels = labels;
    for (const entry of this.shown.values()) {
      updateClusterButton(entry.button, entry.item, labels.cluster(entry.item.count));
    }
  }

  /** Redraws each cluster on the world copy nearest the centre, after the map moved. */
  followWorldCopy(): void {
    followWorldCopy(this.map, this.shown);
  }

  clear(): void {
    removeAll(this.shown);
  }

  private add(cluster: ClusterItem, lng: number): void {
    const button = createClusterButton(cluster, this.labels.cluster(cluster.count));
    const marker = createDomMarker([cluster.lat, lng], button, clusterGeometry(cluster.count));
    const entry: ShownCluster = { item: cluster, button, marker };
    // Reads the entry, not the closure's cluster, so a click reports the latest data.
    button.addEventListener('click', () => this.events.onClusterClick(entry.item));
    this.shown.set(cluster.id, entry);
    marker.addTo(this.map);
  }
}
