// @vitest-environment jsdom
import type { CircleItem, ClusterItem, MarkerItem } from '@karta/map-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestMap } from './test-map.ts';

type TestMap = Awaited<ReturnType<typeof createTestMap>>;
let current: TestMap | null = null;
async function setup(...args: Parameters<typeof createTestMap>): Promise<TestMap> {
  current = await createTestMap(...args);
  return current;
}
afterEach(() => {
  current?.cleanup();
  current = null;
});

const cluster = (id: string, count: number, lat = 45.8, lng = 16.0): ClusterItem => ({
  id,
  lat,
  lng,
  count,
  tier: String(count).length,
  bounds: { west: lng - 0.01, south: lat - 0.01, east: lng + 0.01, north: lat + 0.01 },
});

const marker = (id: number, overrides: Partial<MarkerItem> = {}): MarkerItem => ({
  id,
  lat: 45.81,
  lng: 15.98,
  color: '#dc2626',
  label: `Place ${id}, Pharmacy`,
  selected: false,
  approximate: false,
  ...overrides,
});

const circle = (id: string, kind: CircleItem['kind'], radius = 500): CircleItem => ({
  id,
  lat: 45.8,
  lng: 16.0,
  radius,
  color: '#16a34a',
  kind,
});

function clusterButtons(container: HTMLElement): HTMLButtonElement[] {
  return [...container.querySelectorAll<HTMLButtonElement>('button[data-testid=cluster]')];
}

describe('createLeafletMap: the map', () => {
  it('starts at the given view with tiles from the template and its attribution', async () => {
    const { adapter, container } = await setup();
    expect(adapter.engine).toBe('leaflet');
    const viewport = adapter.getViewport();
    expect(viewport.zoom).toBe(10);
    expect(viewport.center.lat).toBeCloseTo(45.8, 6);
    expect(viewport.center.lng).toBeCloseTo(16.0, 6);
    const tile = container.querySelector<HTMLImageElement>('img.leaflet-tile');
    // `{r}` is empty on a normal-density screen (jsdom's), `@2x` on a dense one.
    expect(tile?.src).toMatch(/^https:\/\/tiles\.test\/10\/\d+\/\d+\.png$/);
    expect(container.querySelector('.leaflet-control-attribution')?.textContent).toContain(
      '© OpenStreetMap contributors',
    );
    expect(container.querySelector('.leaflet-control-zoom-in')).not.toBeNull();
  });

  it('reports a normalised viewport after the view changes', async () => {
    const { adapter, events } = await setup();
    adapter.setView({ lat: -17, lng: 179.9 }, 6);
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

  it('reports a click on the map itself', async () => {
    const { container, events } = await setup();
    const pane = container.querySelector('.leaflet-map-pane') as HTMLElement;
    pane.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 256, clientY: 200 }));
    expect(events.onMapClick).toHaveBeenCalledTimes(1);
    const position = events.onMapClick.mock.lastCall?.[0];
    expect(position?.lat).toBeCloseTo(45.8, 1);
    expect(position?.lng).toBeCloseTo(16.0, 1);
  });

  it('removes everything it added when destroyed', async () => {
    const { adapter, container } = await setup();
    adapter.setClusters([cluster('a', 5)]);
    adapter.destroy();
    expect(container.children).toHaveLength(0);
    expect(container.classList.contains('leaflet-container')).toBe(false);
    expect(container.hasAttribute('tabindex')).toBe(false);
    // Calls after destroy are ignored rather than thrown.
    expect(() => adapter.setMarkers([marker(1)])).not.toThrow();
  });
});

describe('createLeafletMap: clusters', () => {
  it('draws each cluster as the shared button at its tier size, focusable only through the button', async () => {
    const { adapter, container } = await setup();
    adapter.setClusters([cluster('a', 7), cluster('b', 1234, 45.9, 16.2)]);
    const buttons = clusterButtons(container);
    expect(buttons.map((b) => [b.dataset.count, b.dataset.tier, b.style.width])).toEqual([
      ['7', '1', '53px'],
      ['1234', '4', '78px'],
    ]);
    expect(buttons[0]?.getAttribute('aria-label')).toBe('7 places, zoom in');
    const holder = buttons[1]?.parentElement as HTMLElement;
    expect(holder.classList.contains('leaflet-marker-icon')).toBe(true);
    expect(holder.hasAttribute('tabindex')).toBe(false);
    expect(holder.style.width).toBe('78px');
    expect(holder.style.marginLeft).toBe('-39px');
  });

  it('keeps the same element when a cluster changes, and resizes its holder', async () => {
    const { adapter, container } = await setup();
    adapter.setClusters([cluster('a', 9)]);
    const [before] = clusterButtons(container);
    before?.focus();
    adapter.setClusters([cluster('a', 10, 45.81, 16.01)]);
    const [after] = clusterButtons(container);
    expect(after).toBe(before);
    expect(document.activeElement).toBe(before);
    expect(after?.dataset.count).toBe('10');
    expect(after?.parentElement?.style.width).toBe('56px');
  });

  it('removes clusters that are no longer given', async () => {
    const { adapter, container } = await setup();
    adapter.setClusters([cluster('a', 3), cluster('b', 4, 45.9)]);
    adapter.setClusters([cluster('b', 4, 45.9)]);
    expect(clusterButtons(container).map((b) => b.dataset.count)).toEqual(['4']);
    adapter.setClusters([]);
    expect(clusterButtons(container)).toHaveLength(0);
  });

  it('reports a click with the latest data and does not count it as a map click', async () => {
    const { adapter, container, events } = await setup();
    adapter.setClusters([cluster('a', 3)]);
    adapter.setClusters([cluster('a', 30)]);
    clusterButtons(container)[0]?.click();
    expect(events.onClusterClick).toHaveBeenCalledTimes(1);
    expect(events.onClusterClick.mock.lastCall?.[0]).toMatchObject({ id: 'a', count: 30 });
    expect(events.onMapClick).not.toHaveBeenCalled();
  });

  it('renames buttons when the labels change', async () => {
    const { adapter, container } = await setup();
    adapter.setClusters([cluster('a', 3)]);
    adapter.setLabels({
      cluster: (count) => `${count} mjesta`,
      closeInfoWindow: 'Zatvori',
      zoomIn: 'Približi',
    });
    expect(clusterButtons(container)[0]?.getAttribute('aria-label')).toBe('3 mjesta');
    expect(container.querySelector('.leaflet-control-zoom-in')?.getAttribute('aria-label')).toBe('Približi');
  });
});

describe('createLeafletMap: markers', () => {
  it('draws markers as the shared buttons and reports clicks by place id, not as map clicks', async () => {
    const { adapter, container, events } = await setup();
    adapter.setMarkers([marker(1), marker(2, { lat: 45.79, approximate: true })]);
    const buttons = [...container.querySelectorAll<HTMLButtonElement>('button[data-testid=marker]')];
    expect(buttons.map((b) => b.dataset.placeId)).toEqual(['1', '2']);
    expect(buttons[0]?.getAttribute('aria-label')).toBe('Place 1, Pharmacy');
    // A pin stands on its tip; an approximate dot is centred.
    expect(buttons[0]?.parentElement?.style.marginTop).toBe('-36px');
    expect(buttons[1]?.parentElement?.style.marginTop).toBe('-12px');
    buttons[1]?.click();
    expect(events.onMarkerClick).toHaveBeenCalledWith(2);
    expect(events.onMapClick).not.toHaveBeenCalled();
  });

  it('selects a marker in place, raising it above the others', async () => {
    const { adapter, container } = await setup();
    adapter.setMarkers([marker(1), marker(2, { lat: 45.7 })]);
    const button = container.querySelector<HTMLButtonElement>('[data-place-id="1"]');
    adapter.setMarkers([marker(1, { selected: true }), marker(2, { lat: 45.7 })]);
    const selected = container.querySelector<HTMLButtonElement>('[data-place-id="1"]');
    expect(selected).toBe(button);
    expect(selected?.getAttribute('aria-pressed')).toBe('true');
    const z = (id: number) =>
      Number(container.querySelector<HTMLElement>(`[data-place-id="${id}"]`)?.parentElement?.style.zIndex);
    expect(z(1)).toBeGreaterThan(z(2));
  });

  it('draws places beyond the antimeridian on the world copy in view', async () => {
    const { adapter, container } = await setup();
    adapter.setView({ lat: -17, lng: 179.5 }, 8);
    adapter.setMarkers([marker(1, { lat: -17, lng: -179.5 })]);
    const holder = container.querySelector<HTMLElement>('[data-place-id="1"]')?.parentElement as HTMLElement;
    const pane = container.querySelector('.leaflet-map-pane') as HTMLElement;
    // In view means within the 512-px wide container, not a world (65 536 px at zoom 8) away.
    const x = offsetX(holder) + offsetX(pane);
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(512);
  });
});

/** Where Leaflet put an element sideways: `left` without 3D transforms (as in jsdom), else translate3d. */
function offsetX(element: HTMLElement): number {
  const translated = /translate3d\((-?[\d.]+)px/.exec(element.style.transform);
  return Number(translated?.[1] ?? Number.parseFloat(element.style.left || '0'));
}

describe('createLeafletMap: circles', () => {
  function paths(container: HTMLElement): SVGPathElement[] {
    return [...container.querySelectorAll<SVGPathElement>('path.karta-circle')];
  }

  it('draws circles by kind, not clickable, and removes the ones no longer given', async () => {
    const { adapter, container } = await setup();
    adapter.setCircles([
      circle('sel', 'selected'),
      circle('amb', 'ambient', 800),
      circle('area', 'area', 1000),
    ]);
    const drawn = paths(container);
    expect(drawn).toHaveLength(3);
    const selected = container.querySelector('path.karta-circle--selected');
    const ambient = container.querySelector('path.karta-circle--ambient');
    const area = container.querySelector('path.karta-circle--area');
    expect(selected?.getAttribute('stroke-width')).toBe('3');
    expect(ambient?.getAttribute('stroke-width')).toBe('1');
    expect(area?.getAttribute('stroke-dasharray')).toBe('6 6');
    expect(selected?.getAttribute('stroke')).toBe('#16a34a');
    expect(drawn.some((path) => path.classList.contains('leaflet-interactive'))).toBe(false);

    adapter.setCircles([circle('sel', 'selected')]);
    expect(paths(container)).toHaveLength(1);
    adapter.setCircles([]);
    expect(paths(container)).toHaveLength(0);
  });

  it('updates a circle in place when only its radius changes, and restyles it when its kind does', async () => {
    const { adapter, container } = await setup();
    adapter.setCircles([circle('c', 'ambient', 500)]);
    const before = paths(container)[0];
    const d = before?.getAttribute('d');
    adapter.setCircles([circle('c', 'ambient', 5000)]);
    expect(paths(container)[0]).toBe(before);
    expect(before?.getAttribute('d')).not.toBe(d);
    adapter.setCircles([circle('c', 'selected', 5000)]);
    expect(paths(container)).toHaveLength(1);
    expect(paths(container)[0]?.classList.contains('karta-circle--selected')).toBe(true);
  });
});

describe('createLeafletMap: info window', () => {
  function content(text: string): HTMLElement {
    const element = document.createElement('div');
    element.dataset.testid = 'info-window';
    element.innerHTML = `<h2>${text}</h2><button type="button">Copy</button>`;
    return element;
  }

  it('shows the app’s element with a labelled close button', async () => {
    const { adapter, container } = await setup();
    adapter.openInfoWindow({ lat: 45.8, lng: 16.0 }, content('Ljekarna'));
    expect(container.querySelector('[data-testid=info-window]')?.textContent).toContain('Ljekarna');
    const close = container.querySelector<HTMLButtonElement>('.karta-popup-close');
    expect(close?.tagName).toBe('BUTTON');
    expect(close?.getAttribute('aria-label')).toBe('Close');
  });

  it('reports a close by the button, and hands focus back to what opened it', async () => {
    const { adapter, container, events } = await setup();
    adapter.setMarkers([marker(1)]);
    const opener = container.querySelector<HTMLButtonElement>('[data-place-id="1"]');
    opener?.focus();
    adapter.openInfoWindow({ lat: 45.81, lng: 15.98 }, content('Ljekarna'));
    expect(container.querySelector('.karta-popup-frame')?.contains(document.activeElement)).toBe(true);
    container.querySelector<HTMLButtonElement>('.karta-popup-close')?.click();
    expect(container.querySelector('[data-testid=info-window]')).toBeNull();
    expect(events.onInfoWindowClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape and reports it', async () => {
    const { adapter, container, events } = await setup();
    adapter.openInfoWindow({ lat: 45.8, lng: 16.0 }, content('Ljekarna'));
    const inside = container.querySelector<HTMLButtonElement>('[data-testid=info-window] button');
    inside?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(container.querySelector('[data-testid=info-window]')).toBeNull();
    expect(events.onInfoWindowClose).toHaveBeenCalledTimes(1);
  });

  it('does not report a close from code, nor replacing its content', async () => {
    const { adapter, container, events } = await setup();
    adapter.openInfoWindow({ lat: 45.8, lng: 16.0 }, content('First'));
    adapter.openInfoWindow({ lat: 45.81, lng: 16.01 }, content('Second'));
    expect(container.querySelectorAll('[data-testid=info-window]')).toHaveLength(1);
    expect(container.querySelector('[data-testid=info-window]')?.textContent).toContain('Second');
    adapter.closeInfoWindow();
    expect(container.querySelector('[data-testid=info-window]')).toBeNull();
    expect(events.onInfoWindowClose).not.toHaveBeenCalled();
  });

  it('leaves a map click to the app instead of closing itself', async () => {
    const { adapter, container, events } = await setup();
    adapter.openInfoWindow({ lat: 45.8, lng: 16.0 }, content('Ljekarna'));
    const pane = container.querySelector('.leaflet-map-pane') as HTMLElement;
    pane.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 10, clientY: 10 }));
    expect(events.onMapClick).toHaveBeenCalledTimes(1);
    expect(container.querySelector('[data-testid=info-window]')).not.toBeNull();
    expect(events.onInfoWindowClose).not.toHaveBeenCalled();
  });

  it('re-measures when its content grows without taking focus out of it', async () => {
    // jsdom has no ResizeObserver: a stand-in lets the test say when the content resized.
    const resized: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resized.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      const { adapter, container } = await setup();
      adapter.openInfoWindow({ lat: 45.8, lng: 16.0 }, content('Ljekarna'));
      const copy = container.querySelector<HTMLButtonElement>('[data-testid=info-window] button');
      copy?.focus();
      const wrapper = container.querySelector<HTMLElement>('.leaflet-popup-content');
      const widthBefore = wrapper?.style.width;
      for (const callback of resized) callback();
      expect(document.activeElement).toBe(copy);
      expect(wrapper?.style.width).toBe(widthBefore);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
