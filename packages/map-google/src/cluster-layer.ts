import {
  type ClusterItem,
  clusterGeometry,
  createClusterButton,
  type MapEvents,
  type MapLabels,
  updateClusterButton,
} from '@karta/map-core';
import { DomMarkers } from './dom-marker.ts';
import { removeAbsent } from './shown-layers.ts';

interface ShownCluster {
  item: ClusterItem;
  button: HTMLButtonElement;
}

/** The cluster buttons on the map, kept in step with the last list by id. */
export class ClusterLayer {
  private readonly shown = new Map<string, ShownCluster>();
  private readonly boxes: DomMarkers<string>;

  constructor(
    maps: typeof google.maps,
    map: google.maps.Map,
    private readonly events: Pick<MapEvents, 'onClusterClick'>,
    private labels: MapLabels,
  ) {
    this.boxes = new DomMarkers(maps, map, 'karta-google-clusters');
  }

  /** Shows exactly `clusters`: updates buttons it already has (keeping focus), adds and removes the rest. */
  set(clusters: readonly ClusterItem[]): void {
    removeAbsent(this.shown, clusters, this.boxes);
    for (const cluster of clusters) {
      const entry = this.shown.get(cluster.id);
      if (entry) {
        entry.item = cluster;
        updateClusterButton(entry.button, cluster, this.labels.cluster(cluster.count));
        this.boxes.update(cluster.id, cluster, clusterGeometry(cluster.count));
      } else {
        this.add(cluster);
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

  clear(): void {
    this.shown.clear();
    this.boxes.destroy();
  }

  private add(cluster: ClusterItem): void {
    const button = createClusterButton(cluster, this.labels.cluster(cluster.count));
    const entry: ShownCluster = { item: cluster, button };
    // Reads the entry, not the closure's cluster, so a click reports the latest data.
    button.addEventListener('click', () => this.events.onClusterClick(entry.item));
    this.shown.set(cluster.id, entry);
    this.boxes.add(cluster.id, button, cluster, clusterGeometry(cluster.count));
  }
}
