import { CLUSTER_COLORS, clusterTier } from '../cluster-style.ts';
import type { ClusterItem } from '../types.ts';
import { setButtonPosition } from './button-positions.ts';
import { clusterGeometry } from './element-geometry.ts';
import { MAP_BUTTON_ATTRIBUTE } from './roving-focus.ts';
import { setAttribute } from './set-attribute.ts';

/**
 * A cluster as a `<button>`: a circle of its tier's size and blue with the count in it, so every
 * engine draws the same thing and keyboards, screen readers and tests can reach it.
 */
export function createClusterButton(cluster: ClusterItem, label: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'karta-cluster';
  button.dataset.testid = 'cluster';
  button.setAttribute(MAP_BUTTON_ATTRIBUTE, '');
  const count = document.createElement('span');
  count.className = 'karta-cluster__count';
  // The button's aria-label already says the count in words.
  count.setAttribute('aria-hidden', 'true');
  button.append(count);
  updateClusterButton(button, cluster, label);
  return button;
}

/** Brings a cluster button up to date in place, so it keeps keyboard focus across map updates. */
export function updateClusterButton(button: HTMLButtonElement, cluster: ClusterItem, label: string): void {
  const tier = clusterTier(cluster.count);
  const { width } = clusterGeometry(cluster.count);
  setButtonPosition(button, cluster);
  setAttribute(button, 'data-cluster-id', cluster.id);
  setAttribute(button, 'data-count', String(cluster.count));
  setAttribute(button, 'data-tier', String(tier));
  setAttribute(button, 'aria-label', label);
  const size = `${width}px`;
  if (button.style.width !== size) {
    button.style.width = size;
    button.style.height = size;
  }
  const color = CLUSTER_COLORS[tier - 1] as string;
  if (button.style.getPropertyValue('--karta-cluster-color') !== color) {
    button.style.setProperty('--karta-cluster-color', color);
  }
  const text = button.firstElementChild;
  if (text && text.textContent !== String(cluster.count)) text.textContent = String(cluster.count);
}
