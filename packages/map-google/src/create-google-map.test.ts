// @vitest-environment jsdom
import {
  clusterButtons,
  describeAdapterContract,
  testCircle,
  testCluster,
  testInfoContent,
  testMarker,
} from '@karta/map-core/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthFailureError } from './auth-failure.ts';
import { createTestMap, installGoogleMapsStandIn, removeGoogleMapsStandIn, settle } from './test-map.ts';

type TestMap = Awaited<ReturnType<typeof createTestMap>>;
let current: TestMap | null = null;
async function setup(...args: Parameters<typeof createTestMap>): Promise<TestMap> {
  current = await createTestMap(...args);
  return current;
}
beforeEach(() => installGoogleMapsStandIn());
afterEach(() => {
  current?.cleanup();
  current = null;
  removeGoogleMapsStandIn();
});

/** The box our button sits in, positioned by the overlay. */
function boxOf(element: Element | null | undefined): HTMLElement {
  const box = element?.parentElement;
  if (!box) throw new Error('No holder');
  return box;
}

function mapSurface(container: HTMLElement): HTMLElement {
  return container.querySelector('.gm-style') as HTMLElement;
}

function click(target: Element, x = 100, y = 100): void {
  target.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, button: 0, clientX: x, clientY: y }));
  target.dispatchEvent(new MouseEvent('pointerup', { bubbles: true, button: 0, clientX: x, clientY: y }));
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));
}

describeAdapterContract({
  engine: 'google',
  createTestMap,
  settle,
  clickMap: (container, x, y) => click(mapSurface(container), x, y),
});

describe('createGoogleMapFactory: the map', () => {
  it('starts at the given view, says it is Google, and knows its bounds before Google does', async () => {
    const { adapter } = await setup();
    expect(adapter.engine).toBe('google');
    const viewport = adapter.getViewport();
    expect(viewport.zoom).toBe(10);
    expect(viewport.center).toEqual({ lat: 45.8, lng: 16.0 });
    // 512 px at zoom 10 is 512 / 2^18 of the world's 360°.
    expect(viewport.bounds.east - viewport.bounds.west).toBeCloseTo((512 / 256 / 1024) * 360, 6);
    expect(viewport.bounds.south).toBeLessThan(45.8);
    expect(viewport.bounds.north).toBeGreaterThan(45.8);
  });

  it('reports each settled view once, normalised', async () => {
    const { adapter, events } = await setup();
    events.onViewportChange.mockClear();
    adapter.setView({ lat: 45.81, lng: 15.97 }, 13);
    await settle();
    expect(events.onViewportChange).toHaveBeenCalledTimes(1);
    const [viewport] = events.onViewportChange.mock.calls[0] ?? [];
    expect(viewport?.zoom).toBe(13);
    expect(viewport?.center.lat).toBeCloseTo(45.81, 6);
    expect(viewport?.center.lng).toBeCloseTo(15.97, 6);
    expect(viewport?.bounds.west).toBeLessThan(15.97);
  });

  it('fits a box without passing maxZoom, and shows a single point at maxZoom', async () => {
    const { adapter } = await setup();
    adapter.fitBounds({ west: 15.9, south: 45.75, east: 16.1, north: 45.85 });
    const fitted = adapter.getViewport();
    expect(fitted.zoom).toBeGreaterThan(10);
    expect(fitted.center.lat).toBeCloseTo(45.8, 1);
    expect(fitted.center.lng).toBeCloseTo(16.0, 6);
    expect(fitted.bounds.west).toBeLessThanOrEqual(15.9);
    expect(fitted.bounds.east).toBeGreaterThanOrEqual(16.1);

    adapter.fitBounds({ west: 16.0, south: 45.8, east: 16.000001, north: 45.800001 });
    expect(adapter.getViewport().zoom).toBe(18);
    adapter.fitBounds({ west: 15.95, south: 45.81, east: 15.95, north: 45.81 });
    expect(adapter.getViewport()).toMatchObject({ zoom: 18, center: { lat: 45.81, lng: 15.95 } });
  });

  it('reports a key Google refuses as an engine failure, and keeps a page’s own hook', async () => {
    const pageHook = vi.fn();
    Object.assign(window, { gm_authFailure: pageHook, __googleMapsStandIn: { refuseKey: true } });
    try {
      const { events } = await setup();
      expect(events.onEngineFailure).toHaveBeenCalledTimes(1);
      const [error] = events.onEngineFailure.mock.calls[0] ?? [];
      expect(error).toBeInstanceOf(AuthFailureError);
      expect(pageHook).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(window, '__googleMapsStandIn');
      Reflect.deleteProperty(window, 'gm_authFailure');
    }
  });

  it('stops listening for a refused key once destroyed', async () => {
    const { adapter, events } = await setup();
    adapter.destroy();
    (window as unknown as { gm_authFailure?: () => void }).gm_authFailure?.();
    expect(events.onEngineFailure).not.toHaveBeenCalled();
  });

  it('removes everything it added when destroyed', async () => {
    const { adapter, container } = await setup();
    container.setAttribute('style', 'color: red');
    adapter.setClusters([testCluster('a', 12)]);
    adapter.destroy();
    expect(container.children).toHaveLength(0);
    expect(container.getAttribute('style')).toBeNull();
    // Calls after destroy are ignored rather than throwing.
    expect(() => adapter.setClusters([testCluster('b', 3)])).not.toThrow();
  });
});

describe('createGoogleMapFactory: clusters', () => {
  it('draws each cluster as the shared button at its tier size, over the map at its position', async () => {
    const { adapter, container } = await setup();
    adapter.setClusters([testCluster('a', 12), testCluster('b', 3400, 45.9, 16.1)]);
    const buttons = clusterButtons(container);
    expect(buttons.map((button) => button.dataset.count)).toEqual(['12', '3400']);
    expect(buttons[0]?.getAttribute('aria-label')).toBe('12 places, zoom in');
    // In Google's mouse-target pane, centred on the cluster (the map's centre is at 256, 200).
    expect(buttons[0]?.closest('[data-pane=overlayMouseTarget]')).not.toBeNull();
    const box = boxOf(buttons[0]);
    expect(box.style.width).toBe('56px');
    expect(box.style.left).toBe(`${256 - 28}px`);
    expect(box.style.top).toBe(`${200 - 28}px`);
    expect(boxOf(buttons[1]).style.width).toBe('78px');
  });

  it('follows the map as it moves', async () => {
    const { adapter, container } = await setup();
    adapter.setClusters([testCluster('a', 12)]);
    const box = boxOf(clusterButtons(container)[0]);
    const left = Number.parseFloat(box.style.left);
    // A centre one screen-width... (256 px at zoom 10) further east puts the cluster 256 px left.
    adapter.setView({ lat: 45.8, lng: 16.0 + (256 / 256 / 1024) * 360 }, 10);
    expect(Number.parseFloat(box.style.left)).toBeCloseTo(left - 256, 0);
  });
});

describe('createGoogleMapFactory: markers', () => {
  it('draws markers as the shared buttons standing on their point, and reports clicks by place id', async () => {
    const { adapter, container, events } = await setup();
    adapter.setMarkers([testMarker(1, { lat: 45.8, lng: 16.0 }), testMarker(2, { approximate: true })]);
    const pin = container.querySelector<HTMLButtonElement>('[data-testid=marker][data-place-id="1"]');
    if (!pin) throw new Error('No marker');
    expect(pin.getAttribute('aria-label')).toBe('Place 1, Pharmacy');
    expect(boxOf(pin).style.left).toBe(`${256 - 14}px`);
    expect(boxOf(pin).style.top).toBe(`${200 - 36}px`);
    click(pin);
    expect(events.onMarkerClick).toHaveBeenCalledWith(1);
    expect(events.onMapClick).not.toHaveBeenCalled();
  });

  it('draws places beyond the antimeridian on the world copy in view', async () => {
    const { adapter, container } = await setup({ center: { lat: -17, lng: 179.9 }, zoom: 6 });
    adapter.setMarkers([testMarker(7, { lat: -17, lng: -179.9 })]);
    const left = Number.parseFloat(boxOf(container.querySelector('[data-place-id="7"]')).style.left);
    // 0.2° east of the centre at zoom 6 is about 36 px, not a world-width away.
    expect(left + 14 - 256).toBeCloseTo((0.2 / 360) * 256 * 64, 0);
  });
});

describe('createGoogleMapFactory: circles', () => {
  function drawn(container: HTMLElement) {
    return [...container.querySelectorAll<SVGElement>('svg.gm-stand-in-circle')];
  }

  it('draws google.maps.Circle in metres by kind, not clickable, and removes the ones no longer given', async () => {
    const { adapter, container } = await setup();
    adapter.setCircles([
      testCircle('a', 'selected', 500),
      testCircle('b', 'ambient', 800),
      testCircle('c', 'area', 1000),
    ]);
    await settle();
    const circles = drawn(container);
    expect(circles.map((element) => element.dataset.radius)).toEqual(['500', '800', '1000']);
    const widths = circles.map((element) => element.querySelector('circle')?.getAttribute('stroke-width'));
    expect(widths).toEqual(['3', '1', '2']);
    adapter.setCircles([testCircle('b', 'ambient', 800)]);
    expect(drawn(container).map((element) => element.dataset.radius)).toEqual(['800']);
  });

  it('updates a circle in place when its radius or kind changes', async () => {
    const { adapter, container } = await setup();
    adapter.setCircles([testCircle('a', 'ambient', 500)]);
    await settle();
    const [before] = drawn(container);
    adapter.setCircles([testCircle('a', 'selected', 900)]);
    const [after] = drawn(container);
    expect(after).toBe(before);
    expect(after?.dataset.radius).toBe('900');
    expect(after?.querySelector('circle')?.getAttribute('stroke-width')).toBe('3');
  });
});

describe('createGoogleMapFactory: info window', () => {
  it('shows the app’s element with a labelled close button, above the markers', async () => {
    const { adapter, container } = await setup();
    adapter.openInfoWindow({ lat: 45.8, lng: 16.0 }, testInfoContent('Ljekarna'));
    await settle();
    const window = container.querySelector('[data-testid=info-window]');
    expect(window?.textContent).toContain('Ljekarna');
    expect(window?.closest('[data-pane=floatPane]')).not.toBeNull();
    const close = container.querySelector<HTMLButtonElement>('.karta-popup-close');
    expect(close?.tagName).toBe('BUTTON');
    expect(close?.getAttribute('aria-label')).toBe('Close');
  });

  it('keeps clicks and drags inside to itself', async () => {
    const { adapter, container, events } = await setup();
    adapter.openInfoWindow({ lat: 45.8, lng: 16.0 }, testInfoContent('Ljekarna'));
    await settle();
    click(container.querySelector('[data-testid=info-window] h2') as HTMLElement);
    expect(events.onMapClick).not.toHaveBeenCalled();
    expect(adapter.getViewport().center).toEqual({ lat: 45.8, lng: 16.0 });
  });
});

describe('createGoogleMapFactory: the position picker', () => {
  it('stands the picker on its point in a layer under the markers’, over it while dragged, and redraws it as it is dragged', async () => {
    const { adapter, container } = await setup();
    adapter.setMarkers([testMarker(1, { lat: 45.8, lng: 16.0 })]);
    adapter.setPicker({ lat: 45.8, lng: 16.0, label: 'Position' });
    await settle();
    const picker = container.querySelector<HTMLElement>('[data-testid=picker-marker]');
    const box = boxOf(picker);
    // The container's centre (256, 200), less the pin's anchor (17, 44).
    expect([box.style.left, box.style.top]).toEqual(['239px', '156px']);
    const layers = [
      ...container.querySelectorAll<HTMLElement>('.karta-google-markers, .karta-google-picker'),
    ];
    // Sibling layers in the mouse-target pane: the markers' at 0, the picker's under it.
    expect(layers.map((layer) => [layer.className, layer.style.zIndex])).toEqual([
      ['karta-google-markers', '0'],
      ['karta-google-picker', '-1'],
    ]);
    const pickerLayer = layers[1] as HTMLElement;
    const pointer = (type: string, x: number) =>
      picker?.dispatchEvent(
        new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, clientX: x, clientY: 50 }),
      );
    pointer('pointerdown', 10);
    expect(pickerLayer.style.zIndex).toBe('1');
    pointer('pointermove', 60);
    expect(box.style.left).toBe('289px');
    pointer('pointerup', 60);
    expect(pickerLayer.style.zIndex).toBe('-1');
  });
});
