// @vitest-environment jsdom
import {
  clusterButtons,
  describeAdapterContract,
  testCircle,
  testCluster,
  testInfoContent,
  testMarker,
} from '@karta/map-core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clickLeafletMap, createTestMap } from './test-map.ts';

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

describeAdapterContract({
  engine: 'leaflet',
  createTestMap,
  settle: () => Promise.resolve(),
  clickMap: clickLeafletMap,
});

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

  it('keeps to the area it opens on when asked (an embed’s fixed area): no zooming out, no moving beyond it', async () => {
    const free = await setup();
    free.adapter.setView({ lat: 40, lng: 10 }, 5);
    expect(free.adapter.getViewport().zoom).toBe(5);
    free.cleanup();

    const { adapter } = await setup({ keepToStartArea: true });
    const area = adapter.getViewport().bounds;
    adapter.setView({ lat: 45.8, lng: 16 }, 5);
    expect(adapter.getViewport().zoom).toBe(10);
    adapter.setView({ lat: 40, lng: 10 }, 10);
    const moved = adapter.getViewport();
    expect(moved.bounds.west).toBeGreaterThanOrEqual(area.west - 1e-9);
    expect(moved.bounds.south).toBeGreaterThanOrEqual(area.south - 1e-9);
    // Within it, the map still zooms in and moves.
    adapter.setView({ lat: 45.81, lng: 16.01 }, 12);
    expect(adapter.getViewport().zoom).toBe(12);
  });

  it('shows the operator’s attribution as text, linking only the tile source it names', async () => {
    const { container } = await setup({
      tileAttribution: '<img src=x onerror="alert(1)"> © OpenStreetMap contributors',
    });
    const box = container.querySelector('.leaflet-control-attribution');
    expect(box?.textContent).toContain('<img src=x onerror="alert(1)"> © OpenStreetMap contributors');
    expect(box?.querySelector('img')).toBeNull();
    expect(box?.querySelector('a[href="https://www.openstreetmap.org/copyright"]')?.textContent).toBe(
      'OpenStreetMap',
    );
  });

  it('keeps its zoom buttons and attribution links out of the Tab order: the map has two stops', async () => {
    const { adapter, container } = await setup();
    adapter.setLabels({ cluster: (count) => `${count}`, closeInfoWindow: 'Close', zoomIn: 'Zoom in' });
    const controls = [
      ...container.querySelectorAll<HTMLElement>('.leaflet-control a, .leaflet-control button'),
    ];
    expect(controls.length).toBeGreaterThanOrEqual(3);
    expect(controls.filter((control) => control.tabIndex >= 0)).toEqual([]);
    // The map itself stays a stop: its arrow keys pan and + and − zoom.
    expect(container.tabIndex).toBe(0);
  });

  it('removes everything it added when destroyed', async () => {
    const { adapter, container } = await setup();
    adapter.setClusters([testCluster('a', 5)]);
    adapter.destroy();
    expect(container.children).toHaveLength(0);
    expect(container.classList.contains('leaflet-container')).toBe(false);
    expect(container.hasAttribute('tabindex')).toBe(false);
    // Calls after destroy are ignored rather than thrown.
    expect(() => adapter.setMarkers([testMarker(1)])).not.toThrow();
  });
});

describe('createLeafletMap: clusters', () => {
  it('draws each cluster as the shared button at its tier size, focusable only through the button', async () => {
    const { adapter, container } = await setup();
    adapter.setClusters([testCluster('a', 7), testCluster('b', 1234, 45.9, 16.2)]);
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

  it('names its zoom buttons with the app’s labels', async () => {
    const { adapter, container } = await setup();
    adapter.setLabels({
      cluster: (count) => `${count} mjesta`,
      closeInfoWindow: 'Zatvori',
      zoomIn: 'Približi',
    });
    expect(container.querySelector('.leaflet-control-zoom-in')?.getAttribute('aria-label')).toBe('Približi');
  });
});

describe('createLeafletMap: markers', () => {
  it('draws markers as the shared buttons and reports clicks by place id, not as map clicks', async () => {
    const { adapter, container, events } = await setup();
    adapter.setMarkers([testMarker(1), testMarker(2, { lat: 45.79, approximate: true })]);
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

  it('draws places beyond the antimeridian on the world copy in view', async () => {
    const { adapter, container } = await setup();
    adapter.setView({ lat: -17, lng: 179.5 }, 8);
    adapter.setMarkers([testMarker(1, { lat: -17, lng: -179.5 })]);
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
      testCircle('sel', 'selected'),
      testCircle('amb', 'ambient', 800),
      testCircle('area', 'area', 1000),
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

    adapter.setCircles([testCircle('sel', 'selected')]);
    expect(paths(container)).toHaveLength(1);
    adapter.setCircles([]);
    expect(paths(container)).toHaveLength(0);
  });

  it('updates a circle in place when only its radius changes, and restyles it when its kind does', async () => {
    const { adapter, container } = await setup();
    adapter.setCircles([testCircle('c', 'ambient', 500)]);
    const before = paths(container)[0];
    const d = before?.getAttribute('d');
    adapter.setCircles([testCircle('c', 'ambient', 5000)]);
    expect(paths(container)[0]).toBe(before);
    expect(before?.getAttribute('d')).not.toBe(d);
    adapter.setCircles([testCircle('c', 'selected', 5000)]);
    expect(paths(container)).toHaveLength(1);
    expect(paths(container)[0]?.classList.contains('karta-circle--selected')).toBe(true);
  });
});

describe('createLeafletMap: info window', () => {
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
      adapter.openInfoWindow({ lat: 45.8, lng: 16.0 }, testInfoContent('Ljekarna'));
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

describe('createLeafletMap: the position picker', () => {
  it('stands the picker on its point in a pane of its own under the markers’ pane, over it while dragged, and redraws it as it is dragged', async () => {
    const { adapter, container } = await setup();
    adapter.setMarkers([testMarker(1, { lat: 45.8, lng: 16.0, selected: true })]);
    adapter.setPicker({ lat: 45.8, lng: 16.0, label: 'Position' });
    const picker = container.querySelector<HTMLElement>('[data-testid=picker-marker]');
    const holder = picker?.parentElement as HTMLElement;
    const pickerPane = holder.parentElement as HTMLElement;
    const markerPane = container.querySelector<HTMLElement>('[data-place-id="1"]')?.parentElement
      ?.parentElement as HTMLElement;
    expect(holder.style.marginTop).toBe('-44px');
    expect(pickerPane.classList).toContain('leaflet-kartaPicker-pane');
    expect(markerPane.classList).toContain('leaflet-marker-pane');
    // Leaflet's marker pane is at 600 (leaflet.css), its tooltip and popup panes at 650 and 700.
    expect(getComputedStyle(markerPane).zIndex).toBe('600');
    expect(pickerPane.style.zIndex).toBe('590');
    const before = offsetX(holder);
    const pointer = (type: string, x: number) =>
      picker?.dispatchEvent(
        new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, clientX: x, clientY: 50 }),
      );
    pointer('pointerdown', 10);
    expect(pickerPane.style.zIndex).toBe('640');
    pointer('pointermove', 60);
    expect(offsetX(holder) - before).toBeCloseTo(50, 0);
    pointer('pointerup', 60);
    expect(pickerPane.style.zIndex).toBe('590');
  });
});

describe('createLeafletMap: the deployment’s own vector base map', () => {
  const vectorBasemap = {
    tileUrl: '/tiles/{z}/{x}/{y}.mvt',
    maxZoom: 12,
    attribution: '© OpenStreetMap contributors',
  };

  it('asks its vector tiles instead of the raster template, one data zoom under the view, with the archive’s attribution', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(url);
        return Promise.resolve(new Response(null, { status: 204 }));
      }),
    );
    try {
      const { container } = await setup({ vectorBasemap });
      await vi.waitFor(() => expect(asked.length).toBeGreaterThan(0));
      expect(container.querySelector('img.leaflet-tile')).toBeNull();
      // 512-px data tiles: the view at zoom 10 reads zoom 9's.
      expect(asked.every((url) => /^\/tiles\/9\/\d+\/\d+\.mvt$/.test(url))).toBe(true);
      expect(container.querySelector('.leaflet-control-attribution')?.textContent).toContain(
        '© OpenStreetMap contributors',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('writes its labels in a new language by drawing the base map again, not for a region of the same one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
    );
    try {
      const { adapter, container } = await setup({ vectorBasemap, language: 'en' });
      const layer = () => container.querySelector('.leaflet-tile-pane > .leaflet-layer');
      await vi.waitFor(() => expect(layer()).not.toBeNull());
      const english = layer();
      adapter.setLanguage?.('en-GB');
      expect(layer()).toBe(english);
      adapter.setLanguage?.('hr');
      expect(layer()).not.toBe(english);
      expect(container.querySelectorAll('.leaflet-tile-pane > .leaflet-layer')).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
