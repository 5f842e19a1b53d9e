// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CLUSTER_COLORS } from '../cluster-style.ts';
import type { ClusterItem } from '../types.ts';
import { createClusterButton, updateClusterButton } from './cluster-button.ts';

const cluster = (count: number, id = 'all:1'): ClusterItem => ({
  id,
  lat: 45.8,
  lng: 16,
  count,
  tier: 0, // ignored: the button derives its tier from the count
  bounds: { west: 15.9, south: 45.7, east: 16.1, north: 45.9 },
});

describe('createClusterButton', () => {
  it('is a labelled button with the count, its tier and the test hooks', () => {
    const button = createClusterButton(cluster(12), '12 places, zoom in');
    expect(button.tagName).toBe('BUTTON');
    expect(button.type).toBe('button');
    expect(button.dataset.testid).toBe('cluster');
    expect(button.dataset.count).toBe('12');
    expect(button.dataset.tier).toBe('2');
    expect(button.getAttribute('aria-label')).toBe('12 places, zoom in');
    expect(button.textContent).toBe('12');
    expect(button.className).toBe('karta-cluster');
  });

  it.each([
    [2, 1, 53],
    [10, 2, 56],
    [100, 3, 66],
    [1000, 4, 78],
    [10000, 5, 90],
  ])('draws a count of %i as tier %i, %i px wide, in that tier’s blue', (count, tier, size) => {
    const button = createClusterButton(cluster(count), `${count}`);
    expect(button.dataset.tier).toBe(String(tier));
    expect(button.style.width).toBe(`${size}px`);
    expect(button.style.height).toBe(`${size}px`);
    expect(button.style.getPropertyValue('--karta-cluster-color')).toBe(CLUSTER_COLORS[tier - 1]);
  });
});

describe('updateClusterButton', () => {
  it('changes count, tier, size and label on the same element', () => {
    const button = createClusterButton(cluster(9), '9 places');
    const text = button.firstElementChild;
    updateClusterButton(button, cluster(10), '10 places');
    expect(button.firstElementChild).toBe(text);
    expect(button.textContent).toBe('10');
    expect(button.dataset.count).toBe('10');
    expect(button.dataset.tier).toBe('2');
    expect(button.style.width).toBe('56px');
    expect(button.getAttribute('aria-label')).toBe('10 places');
  });

  it('keeps keyboard focus', () => {
    const button = createClusterButton(cluster(5), '5 places');
    document.body.append(button);
    button.focus();
    updateClusterButton(button, cluster(500), '500 places');
    expect(document.activeElement).toBe(button);
    button.remove();
  });
});
