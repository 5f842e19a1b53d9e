import type { MapAdapter, MapAdapterOptions, MarkerItem, Viewport } from '@karta/map-core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../testing/render.tsx';
import { type EngineLoader, replaceEngineLoader } from '../../engines/engine-registry.ts';
import { MapCanvas } from './map-canvas.tsx';
import type { MapCanvasProps } from './map-canvas-types.ts';

/** A recording stand-in for a map engine. */
class FakeAdapter implements MapAdapter {
  viewport: Viewport;
  readonly calls: Array<[string, unknown]> = [];
  constructor(
    readonly options: MapAdapterOptions,
    readonly engine: MapAdapter['engine'] = 'leaflet',
    readonly labelLanguage: string | null = null,
  ) {
    this.viewport = viewportAt(options.center.lat, options.center.lng, options.zoom);
  }
  getViewport = () => this.viewport;
  setView = (center: { lat: number; lng: number }, zoom: number) => {
    this.calls.push(['setView', { center, zoom }]);
    this.viewport = viewportAt(center.lat, center.lng, zoom);
  };
  fitBounds = (bounds: unknown) => void this.calls.push(['fitBounds', bounds]);
  setClusters = (clusters: unknown) => void this.calls.push(['setClusters', clusters]);
  setMarkers = (markers: unknown) => void this.calls.push(['setMarkers', markers]);
  setCircles = (circles: unknown) => void this.calls.push(['setCircles', circles]);
  setPicker = (picker: unknown) => void this.calls.push(['setPicker', picker]);
  openInfoWindow = (position: unknown) => void this.calls.push(['openInfoWindow', position]);
  closeInfoWindow = () => void this.calls.push(['closeInfoWindow', null]);
  setLabels = () => {};
  destroy = () => void this.calls.push(['destroy', null]);
  /** The user pans or zooms. */
  move(lat: number, lng: number, zoom: number) {
    this.viewport = viewportAt(lat, lng, zoom);
    this.options.events.onViewportChange(this.viewport);
  }
}

function viewportAt(lat: number, lng: number, zoom: number): Viewport {
  return {
    center: { lat, lng },
    zoom,
    bounds: { west: lng - 0.1, south: lat - 0.1, east: lng + 0.1, north: lat + 0.1 },
  };
}

/** The engines the map is given: recording stand-ins, put in place through the registry's seam. */
const engine = {
  adapters: [] as FakeAdapter[],
  /** The next creations that fail, and how. */
  failures: [] as Error[],
  /** The language a Google stand-in's labels were loaded in. */
  googleLabels: 'en',
};

function fakeEngine(name: MapAdapter['engine']): EngineLoader {
  return async () => ({
    create: async (options: MapAdapterOptions) => {
      const failure = engine.failures.shift();
      if (failure) throw failure;
      const adapter = new FakeAdapter(options, name, name === 'google' ? engine.googleLabels : null);
      engine.adapters.push(adapter);
      return adapter;
    },
    failureOf: (error) =>
      error instanceof Error && error.message === 'Loading took too long' ? 'timeout' : 'failed',
  });
}

function lastAdapter(): FakeAdapter {
  const adapter = engine.adapters.at(-1);
  if (!adapter) throw new Error('No map was created');
  return adapter;
}

const baseProps: MapCanvasProps = {
  engine: 'leaflet',
  engineSettings: { google: null },
  center: { lat: 45.8, lng: 16 },
  zoom: 10,
  minZoom: 2,
  maxZoom: 18,
  tileUrl: 'https://tile.example/{z}/{x}/{y}.png',
  tileAttribution: 'Tiles',
  language: 'en',
  labels: { cluster: (count) => `${count} places`, closeInfoWindow: 'Close' },
  label: 'Map of places',
};

const marker: MarkerItem = {
  id: 7,
  lat: 45.81,
  lng: 15.98,
  color: '#2563eb',
  label: 'Shelter',
  selected: false,
  approximate: false,
};

describe('MapCanvas', () => {
  beforeEach(() => {
    engine.adapters.length = 0;
    engine.failures.length = 0;
    engine.googleLabels = 'en';
    const restore = [
      replaceEngineLoader('leaflet', fakeEngine('leaflet')),
      replaceEngineLoader('google', fakeEngine('google')),
    ];
    return () => {
      for (const undo of restore) undo();
    };
  });

  it('creates the engine at the given view and keeps data-engine, data-zoom and data-center current', async () => {
    const onViewportChange = vi.fn();
    renderWithApp(<MapCanvas {...baseProps} onViewportChange={onViewportChange} />);
    const map = screen.getByTestId('map');
    await waitFor(() => expect(engine.adapters).toHaveLength(1));
    expect(map).toHaveAttribute('data-engine', 'leaflet');
    expect(map).toHaveAttribute('data-zoom', '10');
    expect(map).toHaveAttribute('data-center', '45.8,16');
    act(() => lastAdapter().move(45.81234567, 15.9, 12));
    expect(map).toHaveAttribute('data-zoom', '12');
    expect(map).toHaveAttribute('data-center', '45.812346,15.9');
    expect(onViewportChange).toHaveBeenLastCalledWith(expect.objectContaining({ zoom: 12 }));
  });

  it('hands markers to the engine and moves only when asked for another view', async () => {
    const { rerender } = renderWithApp(<MapCanvas {...baseProps} markers={[marker]} />);
    await waitFor(() => expect(engine.adapters).toHaveLength(1));
    const adapter = lastAdapter();
    await waitFor(() => expect(adapter.calls).toContainEqual(['setMarkers', [marker]]));
    // The page writes the reported view to the URL, rounded to 5 decimals, and passes it back:
    // that is the same view, not a move.
    act(() => adapter.move(45.812344, 15.900002, 12));
    rerender(<MapCanvas {...baseProps} center={{ lat: 45.81234, lng: 15.9 }} zoom={12} markers={[marker]} />);
    expect(adapter.calls.filter(([name]) => name === 'setView')).toEqual([]);
    rerender(<MapCanvas {...baseProps} center={{ lat: 45.9, lng: 16.1 }} zoom={14} markers={[marker]} />);
    expect(adapter.calls).toContainEqual(['setView', { center: { lat: 45.9, lng: 16.1 }, zoom: 14 }]);
  });

  it('does not pull the map back to a view it reported once it has moved on, but follows Back', async () => {
    const { rerender } = renderWithApp(<MapCanvas {...baseProps} />);
    await waitFor(() => expect(engine.adapters).toHaveLength(1));
    const adapter = lastAdapter();
    const setViews = () => adapter.calls.filter(([name]) => name === 'setView');
    // An info window's pan is stopped part-way (its content grew) and goes on: the map reports
    // where it stopped, and is elsewhere when the page passes that view back.
    act(() => adapter.move(45.81, 16.02, 10));
    adapter.viewport = viewportAt(45.83, 16.02, 10);
    rerender(<MapCanvas {...baseProps} center={{ lat: 45.81, lng: 16.02 }} zoom={10} />);
    expect(setViews()).toEqual([]);
    act(() => adapter.move(45.83, 16.02, 10));
    rerender(<MapCanvas {...baseProps} center={{ lat: 45.83, lng: 16.02 }} zoom={10} />);
    expect(setViews()).toEqual([]);
    // Back to the view the map opened at, which it reported long before: a move from outside.
    rerender(<MapCanvas {...baseProps} />);
    expect(setViews()).toEqual([['setView', { center: baseProps.center, zoom: 10 }]]);
  });

  it('hands the position picker to the engine by value, and passes map clicks and picker moves back', async () => {
    const onMapClick = vi.fn();
    const onPickerMove = vi.fn();
    const picker = { lat: 45.81, lng: 15.98, label: 'Position' };
    const props = { ...baseProps, onMapClick, onPickerMove };
    const { rerender } = renderWithApp(<MapCanvas {...props} picker={picker} />);
    await waitFor(() => expect(engine.adapters).toHaveLength(1));
    const adapter = lastAdapter();
    await waitFor(() => expect(adapter.calls).toContainEqual(['setPicker', picker]));
    const count = () => adapter.calls.filter(([name]) => name === 'setPicker').length;
    const before = count();
    rerender(<MapCanvas {...props} picker={{ ...picker }} />);
    expect(count()).toBe(before);
    act(() => adapter.options.events.onMapClick?.({ lat: 45.7, lng: 16.1 }));
    expect(onMapClick).toHaveBeenCalledWith({ lat: 45.7, lng: 16.1 });
    act(() => adapter.options.events.onPickerMove?.({ lat: 45.71, lng: 16.11 }));
    expect(onPickerMove).toHaveBeenCalledWith({ lat: 45.71, lng: 16.11 });
    rerender(<MapCanvas {...props} picker={null} />);
    expect(adapter.calls.at(-1)).toEqual(['setPicker', null]);
  });

  it('opens and closes the info window it is given', async () => {
    const content = document.createElement('div');
    const request = { key: 'place-7', position: { lat: 45.81, lng: 15.98 }, content };
    const { rerender } = renderWithApp(<MapCanvas {...baseProps} infoWindow={request} />);
    await waitFor(() => expect(engine.adapters).toHaveLength(1));
    await waitFor(() =>
      expect(lastAdapter().calls).toContainEqual(['openInfoWindow', { lat: 45.81, lng: 15.98 }]),
    );
    rerender(<MapCanvas {...baseProps} infoWindow={null} />);
    expect(lastAdapter().calls.at(-1)).toEqual(['closeInfoWindow', null]);
  });

  it('shows a failed engine load with Retry, and Retry loads it again', async () => {
    engine.failures.push(new Error('Tiles exploded'));
    renderWithApp(<MapCanvas {...baseProps} />);
    const error = await screen.findByTestId('map-error');
    expect(error).toHaveTextContent('The map could not be loaded.');
    await userEvent.click(screen.getByTestId('map-retry'));
    await waitFor(() => expect(engine.adapters).toHaveLength(1));
    expect(screen.queryByTestId('map-error')).toBeNull();
  });

  it('keeps the page working when Google fails: the open map draws, with the reason, Retry and a way to close it', async () => {
    engine.failures.push(new Error('Loading took too long'));
    renderWithApp(<MapCanvas {...baseProps} engine="google" />);
    const map = screen.getByTestId('map');
    const error = await screen.findByTestId('map-error');
    expect(error).toHaveTextContent('Google Maps took too long to load. Showing the open map instead.');
    expect(map).toHaveAttribute('data-engine', 'leaflet');
    expect(lastAdapter().engine).toBe('leaflet');
    // The fallback map is in use underneath: it moves and reports like any map.
    act(() => lastAdapter().move(45.7, 15.9, 11));
    expect(map).toHaveAttribute('data-zoom', '11');

    await userEvent.click(screen.getByTestId('map-error-dismiss'));
    expect(screen.queryByTestId('map-error')).toBeNull();
    expect(lastAdapter().calls).not.toContainEqual(['destroy', null]);
  });

  it('says the script failed (not that it was slow) for any other Google failure', async () => {
    engine.failures.push(new Error('The Google Maps script could not be loaded'));
    renderWithApp(<MapCanvas {...baseProps} engine="google" />, { language: 'hr' });
    expect(await screen.findByTestId('map-error')).toHaveTextContent(
      'Google karte nisu se mogle učitati. Prikazana je otvorena karta.',
    );
    expect(screen.getByTestId('map')).toHaveAttribute('data-engine', 'leaflet');
  });

  it('Retry destroys the stand-in map and tries Google again', async () => {
    engine.failures.push(new Error('Loading took too long'));
    renderWithApp(<MapCanvas {...baseProps} engine="google" />);
    await screen.findByTestId('map-error');
    const standIn = lastAdapter();
    await userEvent.click(screen.getByTestId('map-retry'));
    await waitFor(() => expect(lastAdapter().engine).toBe('google'));
    expect(standIn.calls).toContainEqual(['destroy', null]);
    expect(screen.getByTestId('map')).toHaveAttribute('data-engine', 'google');
    expect(screen.queryByTestId('map-error')).toBeNull();
  });

  it('remembers a Google failure for the visit: the next map draws with the open engine at once', async () => {
    engine.failures.push(new Error('Loading took too long'));
    const first = renderWithApp(<MapCanvas {...baseProps} engine="google" />);
    await screen.findByTestId('map-error');
    first.unmount();
    const created = engine.adapters.length;

    // Another page's map: no second wait for Google, the same explanation, and Retry still tries.
    renderWithApp(<MapCanvas {...baseProps} engine="google" />);
    expect(await screen.findByTestId('map-error')).toHaveTextContent(/too long/i);
    expect(engine.adapters.slice(created).map((adapter) => adapter.engine)).toEqual(['leaflet']);
    await userEvent.click(screen.getByTestId('map-retry'));
    await waitFor(() => expect(lastAdapter().engine).toBe('google'));
    expect(screen.getByTestId('map')).toHaveAttribute('data-engine', 'google');
  });

  it('hands over to the open map when Google gives up after drawing (a refused key)', async () => {
    renderWithApp(<MapCanvas {...baseProps} engine="google" />);
    await waitFor(() => expect(lastAdapter().engine).toBe('google'));
    const google = lastAdapter();
    act(() => google.options.events.onEngineFailure?.(new Error('Google Maps refused the key')));
    expect(await screen.findByTestId('map-error')).toHaveTextContent(/could not be loaded/i);
    expect(google.calls).toContainEqual(['destroy', null]);
    expect(lastAdapter().engine).toBe('leaflet');
    expect(screen.getByTestId('map')).toHaveAttribute('data-engine', 'leaflet');
  });

  it('shows the plain failure, without a map, when the open map fails too', async () => {
    engine.failures.push(new Error('Loading took too long'), new Error('Tiles exploded'));
    renderWithApp(<MapCanvas {...baseProps} engine="google" />);
    const error = await screen.findByTestId('map-error');
    expect(error).toHaveTextContent('The map could not be loaded.');
    expect(screen.queryByTestId('map-error-dismiss')).toBeNull();
    expect(engine.adapters).toEqual([]);
  });

  it('notes that the map labels follow a language switch only after a reload, while they differ', async () => {
    engine.googleLabels = 'en';
    const { rerender } = renderWithApp(<MapCanvas {...baseProps} engine="google" language="en" />);
    await waitFor(() => expect(engine.adapters).toHaveLength(1));
    expect(screen.queryByTestId('map-language-note')).toBeNull();

    rerender(<MapCanvas {...baseProps} engine="google" language="hr" />);
    const note = await screen.findByTestId('map-language-note');
    expect(note).toHaveAttribute('role', 'status');
    expect(note).toHaveTextContent('Street and place names change language after a reload.');
    expect(screen.getByTestId('map-language-reload')).toHaveAccessibleName('Reload');

    // Back to the language the labels are in: nothing to note. A regional tag is the same language.
    rerender(<MapCanvas {...baseProps} engine="google" language="en-GB" />);
    expect(screen.queryByTestId('map-language-note')).toBeNull();

    rerender(<MapCanvas {...baseProps} engine="google" language="hr" />);
    await userEvent.click(await screen.findByTestId('map-language-dismiss'));
    expect(screen.queryByTestId('map-language-note')).toBeNull();
    expect(engine.adapters).toHaveLength(1);
  });

  it('has no language note for an engine whose labels do not depend on the language', async () => {
    const { rerender } = renderWithApp(<MapCanvas {...baseProps} language="en" />);
    await waitFor(() => expect(engine.adapters).toHaveLength(1));
    rerender(<MapCanvas {...baseProps} language="hr" />);
    expect(screen.queryByTestId('map-language-note')).toBeNull();
  });
});
