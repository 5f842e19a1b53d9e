import { afterEach, describe, expect, it } from 'vitest';
import type { MapAdapter, MapAdapterOptions } from '../types.ts';
import {
  clusterButtons,
  type spiedMapEvents,
  testCluster,
  testInfoContent,
  testMarker,
} from './adapter-fixtures.ts';
import { describeKeyboardContract } from './keyboard-contract.ts';
import { describePickerContract } from './picker-contract.ts';

/** A map made for one test, and how to take it down. */
export interface ContractMap {
  adapter: MapAdapter;
  container: HTMLElement;
  events: ReturnType<typeof spiedMapEvents>;
  cleanup(): void;
}

/** What the contract needs from an engine's tests. */
export interface ContractEngine {
  engine: MapAdapter['engine'];
  createTestMap(overrides?: Partial<MapAdapterOptions>): Promise<ContractMap>;
  /** Lets the engine's pending work run (an engine may add overlays and settle on later tasks). */
  settle(): Promise<void>;
  /** A click by the user on the map itself at container pixels (x, y). */
  clickMap(container: HTMLElement, x: number, y: number): void;
}

/**
 * The behaviour every map adapter shares, run against each engine in jsdom (the browser suite
 * `e2e/tests/map-engines.test.ts` runs the same journeys in Chromium). Engine-specific drawing
 * (tiles, panes, circles' markup) is tested beside each adapter.
 */
export function describeAdapterContract({ engine, createTestMap, settle, clickMap }: ContractEngine): void {
  let current: ContractMap | null = null;
  async function setup(overrides: Partial<MapAdapterOptions> = {}): Promise<ContractMap> {
    current = await createTestMap(overrides);
    return current;
  }
  afterEach(() => {
    current?.cleanup();
    current = null;
  });
  const infoWindow = (container: HTMLElement) => container.querySelector('[data-testid=info-window]');

  describe(`${engine} adapter contract: the map`, () => {
    it('starts at the given view and says which engine it is', async () => {
      const { adapter } = await setup();
      expect(adapter.engine).toBe(engine);
      const viewport = adapter.getViewport();
      expect(viewport.zoom).toBe(10);
      expect(viewport.center.lat).toBeCloseTo(45.8, 6);
      expect(viewport.center.lng).toBeCloseTo(16.0, 6);
    });

    it('reports a normalised viewport after the view changes', async () => {
      const { adapter, events } = await setup();
      adapter.setView({ lat: -17, lng: 179.9 }, 6);
      await settle();
      const viewport = events.onViewportChange.mock.lastCall?.[0];
      expect(viewport?.zoom).toBe(6);
      // The box crosses the antimeridian: west > east, both within ±180.
      expect(viewport?.bounds.west).toBeGreaterThan(viewport?.bounds.east ?? Number.NaN);
      expect(Math.abs(viewport?.bounds.west ?? 999)).toBeLessThanOrEqual(180);
      expect(Math.abs(viewport?.bounds.east ?? 999)).toBeLessThanOrEqual(180);
    });

    it('gives the whole world when the view is wider than it', async () => {
      const { adapter } = await setup({ minZoom: 0 });
      adapter.setView({ lat: 0, lng: 0 }, 0);
      await settle();
      const { bounds } = adapter.getViewport();
      expect(bounds.west).toBe(-180);
      expect(bounds.east).toBe(180);
      expect(bounds.north).toBeLessThan(85.06);
    });

    it('fits a box without passing maxZoom, and shows a single point at maxZoom', async () => {
      const { adapter } = await setup({ maxZoom: 16 });
      // 0.1° × 0.04° fits 512×400 px (less padding) at zoom 12, not 13.
      adapter.fitBounds({ west: 15.95, south: 45.78, east: 16.05, north: 45.82 });
      const fitted = adapter.getViewport();
      expect(fitted.zoom).toBe(12);
      expect(fitted.bounds.west).toBeLessThanOrEqual(15.95);
      expect(fitted.bounds.east).toBeGreaterThanOrEqual(16.05);

      adapter.fitBounds({ west: 15.95, south: 45.75, east: 15.9501, north: 45.7501 });
      expect(adapter.getViewport().zoom).toBe(16);
      adapter.setView({ lat: 45.8, lng: 16.0 }, 10);
      adapter.fitBounds({ west: 15.95, south: 45.75, east: 15.95, north: 45.75 });
      const point = adapter.getViewport();
      expect(point.zoom).toBe(16);
      expect(point.center.lat).toBeCloseTo(45.75, 6);
      expect(point.center.lng).toBeCloseTo(15.95, 6);
    });

    it('reports a click on the map itself, where it was', async () => {
      const { container, events } = await setup();
      clickMap(container, 256, 200);
      expect(events.onMapClick).toHaveBeenCalledTimes(1);
      const position = events.onMapClick.mock.lastCall?.[0];
      expect(position?.lat).toBeCloseTo(45.8, 1);
      expect(position?.lng).toBeCloseTo(16.0, 1);
    });

    it('ignores calls after it was destroyed', async () => {
      const { adapter } = await setup();
      adapter.destroy();
      expect(() => adapter.setMarkers([testMarker(1)])).not.toThrow();
      expect(() => adapter.openInfoWindow({ lat: 45.8, lng: 16 }, testInfoContent('Late'))).not.toThrow();
    });
  });

  describe(`${engine} adapter contract: clusters`, () => {
    it('draws each cluster as the shared button at its tier size', async () => {
      const { adapter, container } = await setup();
      adapter.setClusters([testCluster('a', 7), testCluster('b', 1234, 45.9, 16.2)]);
      const buttons = clusterButtons(container);
      expect(buttons.map((b) => [b.dataset.count, b.dataset.tier, b.style.width])).toEqual([
        ['7', '1', '53px'],
        ['1234', '4', '78px'],
      ]);
      expect(buttons[0]?.getAttribute('aria-label')).toBe('7 places, zoom in');
      // Only the button takes focus, not what holds it.
      expect(buttons[1]?.parentElement?.hasAttribute('tabindex')).toBe(false);
      expect(buttons[1]?.parentElement?.style.width).toBe('78px');
    });

    it('keeps the same element (and focus) when a cluster changes, and resizes its holder', async () => {
      const { adapter, container } = await setup();
      adapter.setClusters([testCluster('a', 9)]);
      const [before] = clusterButtons(container);
      before?.focus();
      adapter.setClusters([testCluster('a', 10, 45.81, 16.01)]);
      const [after] = clusterButtons(container);
      expect(after).toBe(before);
      expect(document.activeElement).toBe(before);
      expect(after?.dataset.count).toBe('10');
      expect(after?.parentElement?.style.width).toBe('56px');
    });

    it('removes clusters that are no longer given', async () => {
      const { adapter, container } = await setup();
      adapter.setClusters([testCluster('a', 3), testCluster('b', 4, 45.9)]);
      adapter.setClusters([testCluster('b', 4, 45.9)]);
      expect(clusterButtons(container).map((b) => b.dataset.count)).toEqual(['4']);
      adapter.setClusters([]);
      expect(clusterButtons(container)).toHaveLength(0);
    });

    it('reports a click with the latest data and does not count it as a map click', async () => {
      const { adapter, container, events } = await setup();
      adapter.setClusters([testCluster('a', 3)]);
      adapter.setClusters([testCluster('a', 30)]);
      clusterButtons(container)[0]?.click();
      expect(events.onClusterClick).toHaveBeenCalledTimes(1);
      expect(events.onClusterClick.mock.lastCall?.[0]).toMatchObject({ id: 'a', count: 30 });
      expect(events.onMapClick).not.toHaveBeenCalled();
    });

    it('renames buttons when the labels change', async () => {
      const { adapter, container } = await setup();
      adapter.setClusters([testCluster('a', 3)]);
      adapter.setLabels({ cluster: (count) => `${count} mjesta`, closeInfoWindow: 'Zatvori' });
      expect(clusterButtons(container)[0]?.getAttribute('aria-label')).toBe('3 mjesta');
    });
  });

  describe(`${engine} adapter contract: markers`, () => {
    it('draws markers as the shared buttons and reports clicks by place id, not as map clicks', async () => {
      const { adapter, container, events } = await setup();
      adapter.setMarkers([testMarker(1), testMarker(2, { lat: 45.79, approximate: true })]);
      const buttons = [...container.querySelectorAll<HTMLButtonElement>('button[data-testid=marker]')];
      expect(buttons.map((b) => b.dataset.placeId)).toEqual(['1', '2']);
      expect(buttons[0]?.getAttribute('aria-label')).toBe('Place 1, Pharmacy');
      buttons[1]?.click();
      expect(events.onMarkerClick).toHaveBeenCalledWith(2);
      expect(events.onMapClick).not.toHaveBeenCalled();
    });

    it('selects a marker in place, raising it above the others', async () => {
      const { adapter, container } = await setup();
      adapter.setMarkers([testMarker(1), testMarker(2, { lat: 45.7 })]);
      const button = container.querySelector<HTMLButtonElement>('[data-place-id="1"]');
      adapter.setMarkers([testMarker(1, { selected: true }), testMarker(2, { lat: 45.7 })]);
      const selected = container.querySelector<HTMLButtonElement>('[data-place-id="1"]');
      expect(selected).toBe(button);
      expect(selected?.getAttribute('aria-pressed')).toBe('true');
      const z = (id: number) =>
        Number(container.querySelector<HTMLElement>(`[data-place-id="${id}"]`)?.parentElement?.style.zIndex);
      expect(z(1)).toBeGreaterThan(z(2));
    });
  });

  describe(`${engine} adapter contract: info window`, () => {
    it('shows the app’s element with a labelled close button', async () => {
      const { adapter, container } = await setup();
      adapter.openInfoWindow({ lat: 45.8, lng: 16.0 }, testInfoContent('Ljekarna'));
      await settle();
      expect(infoWindow(container)?.textContent).toContain('Ljekarna');
      const close = container.querySelector<HTMLButtonElement>('.karta-popup-close');
      expect(close?.tagName).toBe('BUTTON');
      expect(close?.getAttribute('aria-label')).toBe('Close');
      adapter.setLabels({ cluster: (count) => `${count} mjesta`, closeInfoWindow: 'Zatvori' });
      expect(close?.getAttribute('aria-label')).toBe('Zatvori');
    });

    it('takes keyboard users in, reports a close by the button, and hands focus back', async () => {
      const { adapter, container, events } = await setup();
      adapter.setMarkers([testMarker(1)]);
      await settle();
      const opener = container.querySelector<HTMLButtonElement>('[data-place-id="1"]');
      opener?.focus();
      adapter.openInfoWindow({ lat: 45.81, lng: 15.98 }, testInfoContent('Ljekarna'));
      await settle();
      expect(container.querySelector('.karta-popup-frame')?.contains(document.activeElement)).toBe(true);
      container.querySelector<HTMLButtonElement>('.karta-popup-close')?.click();
      expect(infoWindow(container)).toBeNull();
      expect(events.onInfoWindowClose).toHaveBeenCalledTimes(1);
      expect(document.activeElement).toBe(opener);
    });

    it('closes on Escape and reports it', async () => {
      const { adapter, container, events } = await setup();
      adapter.openInfoWindow({ lat: 45.8, lng: 16.0 }, testInfoContent('Ljekarna'));
      await settle();
      const inside = container.querySelector<HTMLButtonElement>('[data-testid=info-window] button');
      inside?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      expect(infoWindow(container)).toBeNull();
      expect(events.onInfoWindowClose).toHaveBeenCalledTimes(1);
    });

    it('does not report a close from code, nor replacing its content', async () => {
      const { adapter, container, events } = await setup();
      adapter.openInfoWindow({ lat: 45.8, lng: 16.0 }, testInfoContent('First'));
      await settle();
      adapter.openInfoWindow({ lat: 45.81, lng: 16.01 }, testInfoContent('Second'));
      await settle();
      expect(container.querySelectorAll('[data-testid=info-window]')).toHaveLength(1);
      expect(infoWindow(container)?.textContent).toContain('Second');
      adapter.closeInfoWindow();
      expect(infoWindow(container)).toBeNull();
      expect(events.onInfoWindowClose).not.toHaveBeenCalled();
    });

    it('leaves a map click to the app instead of closing itself', async () => {
      const { adapter, container, events } = await setup();
      adapter.openInfoWindow({ lat: 45.8, lng: 16.0 }, testInfoContent('Ljekarna'));
      await settle();
      clickMap(container, 10, 10);
      expect(events.onMapClick).toHaveBeenCalledTimes(1);
      expect(infoWindow(container)).not.toBeNull();
      expect(events.onInfoWindowClose).not.toHaveBeenCalled();
    });
  });

  describePickerContract({ engine, settle }, () => setup());
  describeKeyboardContract({ engine, settle }, () => setup());
}
