import { describe, expect, it } from 'vitest';
import type { ContractEngine, ContractMap } from './adapter-contract.ts';
import { clusterButtons, testCluster, testMarker } from './adapter-fixtures.ts';

/** The marker and cluster buttons, and which of them the Tab key reaches. */
function mapButtons(container: HTMLElement): HTMLButtonElement[] {
  return [
    ...container.querySelectorAll<HTMLButtonElement>(
      'button[data-testid=marker], button[data-testid=cluster]',
    ),
  ];
}

function tabStops(container: HTMLElement): HTMLButtonElement[] {
  return mapButtons(container).filter((button) => button.tabIndex >= 0);
}

function marker(container: HTMLElement, id: number): HTMLButtonElement {
  const button = container.querySelector<HTMLButtonElement>(`button[data-place-id="${id}"]`);
  if (!button) throw new Error(`No marker ${id}`);
  return button;
}

function press(key: string): void {
  const target = document.activeElement ?? document.body;
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

/** Lets mutation observers run after the engine's own pending work. */
async function settleAll(settle: () => Promise<void>): Promise<void> {
  await settle();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Keyboard use of the map's buttons, the same on every engine (see `describeAdapterContract`). */
export function describeKeyboardContract(
  { engine, settle }: Pick<ContractEngine, 'engine' | 'settle'>,
  setup: () => Promise<ContractMap>,
): void {
  describe(`${engine} adapter contract: keyboard`, () => {
    // A plus of markers round a centre: 1 in the middle, 2 east, 3 west, 4 north, 5 south.
    const plus = () => [
      testMarker(1, { lat: 45.8, lng: 16.0 }),
      testMarker(2, { lat: 45.801, lng: 16.05 }),
      testMarker(3, { lat: 45.799, lng: 15.95 }),
      testMarker(4, { lat: 45.84, lng: 16.002 }),
      testMarker(5, { lat: 45.76, lng: 15.998 }),
    ];

    it('puts all the markers and clusters in one Tab stop: the one nearest the centre', async () => {
      const { adapter, container } = await setup();
      const near = testMarker(4, { lat: 45.81, lng: 16.0 });
      adapter.setClusters([testCluster('a', 12, 45.9, 16.1)]);
      adapter.setMarkers([near, testMarker(2, { lat: 45.8, lng: 16.05 })]);
      await settleAll(settle);
      expect(mapButtons(container)).toHaveLength(3);
      // The map is centred on 45.8° N, 16° E: marker 4 is 0.01° north of it, the others further.
      expect(tabStops(container)).toEqual([marker(container, 4)]);
      adapter.setMarkers([near, testMarker(1, { lat: 45.8, lng: 16.0 })]);
      await settleAll(settle);
      // A button nearer the centre arriving later does not take the stop: it stays put.
      expect(tabStops(container)).toEqual([marker(container, 4)]);
    });

    it('gives the stop to the button nearest the centre when its own leaves the map unfocused', async () => {
      const { adapter, container } = await setup();
      adapter.setMarkers([testMarker(4, { lat: 45.84, lng: 16.002 })]);
      await settleAll(settle);
      adapter.setMarkers([
        testMarker(1, { lat: 45.8, lng: 16.0 }),
        testMarker(5, { lat: 45.84, lng: 16.01 }),
      ]);
      await settleAll(settle);
      expect(tabStops(container)).toEqual([marker(container, 1)]);
    });

    it('moves focus to the nearest button in an arrow’s direction, and Home and End to the ends', async () => {
      const { adapter, container } = await setup();
      adapter.setMarkers(plus());
      await settleAll(settle);
      marker(container, 1).focus();
      press('ArrowRight');
      expect(document.activeElement).toBe(marker(container, 2));
      press('ArrowLeft');
      expect(document.activeElement).toBe(marker(container, 1));
      press('ArrowLeft');
      expect(document.activeElement).toBe(marker(container, 3));
      press('ArrowRight');
      press('ArrowUp');
      expect(document.activeElement).toBe(marker(container, 4));
      // Nothing further north: focus stays.
      press('ArrowUp');
      expect(document.activeElement).toBe(marker(container, 4));
      press('End');
      expect(document.activeElement).toBe(marker(container, 5));
      press('Home');
      expect(document.activeElement).toBe(marker(container, 4));
      // The focused button is the one Tab comes back to.
      expect(tabStops(container)).toEqual([marker(container, 4)]);
    });

    it('keeps focus in the map when the focused cluster is replaced by what it held', async () => {
      const { adapter, container } = await setup();
      adapter.setClusters([testCluster('a', 12, 45.8, 16.0), testCluster('b', 3, 45.9, 16.2)]);
      await settleAll(settle);
      const [zoomed] = clusterButtons(container);
      zoomed?.focus();
      // After the zoom: the cluster's places, one of them a smaller cluster, the other far away.
      adapter.setClusters([testCluster('c', 5, 45.801, 16.001), testCluster('b', 3, 45.9, 16.2)]);
      adapter.setMarkers([testMarker(9, { lat: 45.7, lng: 15.9 })]);
      await settleAll(settle);
      expect(zoomed?.isConnected).toBe(false);
      const focused = document.activeElement as HTMLElement | null;
      expect(focused?.dataset.clusterId).toBe('c');
      expect(tabStops(container)).toEqual([focused]);
    });

    it('leaves focus alone when a button goes while focus is elsewhere', async () => {
      const { adapter, container } = await setup();
      const outside = document.createElement('button');
      document.body.append(outside);
      adapter.setMarkers(plus());
      await settleAll(settle);
      outside.focus();
      adapter.setMarkers([testMarker(7, { lat: 45.8, lng: 16.0 })]);
      await settleAll(settle);
      expect(document.activeElement).toBe(outside);
      expect(tabStops(container)).toEqual([marker(container, 7)]);
      outside.remove();
    });
  });
}
