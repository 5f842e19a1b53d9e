import type { MapAdapter, MapAdapterOptions, MarkerItem, Viewport } from '@karta/map-core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../testing/render.tsx';
import { MapCanvas } from './map-canvas.tsx';
import type { MapCanvasProps } from './map-canvas-types.ts';

/** A recording stand-in for a map engine. */
class FakeAdapter implements MapAdapter {
  readonly engine = 'leaflet' as const;
  viewport: Viewport;
  readonly calls: Array<[string, unknown]> = [];
  constructor(readonly options: MapAdapterOptions) {
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

const engine = vi.hoisted(() => ({ adapters: [] as unknown[], failNext: false }));

vi.mock('../../engines/engine-registry.ts', () => ({
  resolveEngine: (requested: string) => requested,
  loadEngine: async () => async (options: MapAdapterOptions) => {
    if (engine.failNext) {
      engine.failNext = false;
      throw new Error('Loading took too long');
    }
    const adapter = new FakeAdapter(options);
    engine.adapters.push(adapter);
    return adapter;
  },
}));

function lastAdapter(): FakeAdapter {
  const adapter = engine.adapters.at(-1);
  if (!adapter) throw new Error('No map was created');
  return adapter as FakeAdapter;
}

const baseProps: MapCanvasProps = {
  engine: 'leaflet',
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
    engine.failNext = false;
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
    engine.failNext = true;
    renderWithApp(<MapCanvas {...baseProps} />);
    const error = await screen.findByTestId('map-error');
    expect(error).toHaveTextContent('The map could not be loaded.');
    await userEvent.click(screen.getByTestId('map-retry'));
    await waitFor(() => expect(engine.adapters).toHaveLength(1));
    expect(screen.queryByTestId('map-error')).toBeNull();
  });
});
