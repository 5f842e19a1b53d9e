import { describe, expect, it } from 'vitest';
import { PICKER_BIG_STEP_METRES, PICKER_STEP_METRES } from '../dom/picker-button.ts';
import type { PickerItem } from '../types.ts';
import type { ContractEngine, ContractMap } from './adapter-contract.ts';
import { testCluster, testMarker } from './adapter-fixtures.ts';

const LABEL = 'Place position: drag it, or move it with the arrow keys';
const testPicker = (overrides: Partial<PickerItem> = {}): PickerItem => ({
  lat: 45.8,
  lng: 16.0,
  label: LABEL,
  ...overrides,
});

function pickerOf(container: HTMLElement): HTMLButtonElement | null {
  return container.querySelector<HTMLButtonElement>('button[data-testid=picker-marker]');
}

/** A pointer press, moves and release as a mouse gives them (jsdom has no PointerEvent). */
function drag(target: HTMLElement, from: [number, number], to: [number, number], steps = 3): void {
  const pointer = (type: string, x: number, y: number) =>
    target.dispatchEvent(
      new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, clientX: x, clientY: y }),
    );
  pointer('pointerdown', from[0], from[1]);
  for (let step = 1; step <= steps; step += 1) {
    pointer(
      'pointermove',
      from[0] + ((to[0] - from[0]) * step) / steps,
      from[1] + ((to[1] - from[1]) * step) / steps,
    );
  }
  pointer('pointerup', to[0], to[1]);
  pointer('click', to[0], to[1]);
}

/** The element's ancestors from the top of the document down to it. */
function lineage(element: Element): Element[] {
  const chain: Element[] = [];
  for (let node: Element | null = element; node; node = node.parentElement) chain.unshift(node);
  return chain;
}

/**
 * Whether `upper` is painted over `lower`, read from computed styles as CSS stacks them (simplified:
 * enough for engines' panes and layers). Below their nearest common ancestor, the first positioned
 * element with a z-index on each side stands for that side (none: 0); a higher z-index paints
 * over, and at the same one the later in tree order does.
 */
export function paintedOver(upper: Element, lower: Element): boolean {
  const up = lineage(upper);
  const low = lineage(lower);
  let split = 0;
  while (split < up.length && split < low.length && up[split] === low[split]) split += 1;
  const level = (chain: Element[]) => {
    for (const element of chain.slice(split)) {
      const style = getComputedStyle(element);
      const z = Number.parseInt(style.zIndex, 10);
      if (style.position !== 'static' && Number.isFinite(z)) return z;
    }
    return 0;
  };
  const [upLevel, lowLevel] = [level(up), level(low)];
  if (upLevel !== lowLevel) return upLevel > lowLevel;
  const [upSide, lowSide] = [up[split], low[split]];
  if (!upSide) return false;
  if (!lowSide) return true;
  return Boolean(lowSide.compareDocumentPosition(upSide) & Node.DOCUMENT_POSITION_FOLLOWING);
}

/** Metres between two nearby positions (flat earth: the tests move a few metres). */
function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): [number, number] {
  const north = (b.lat - a.lat) * 111_320;
  const east = (b.lng - a.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180);
  return [north, east];
}

/** The position picker's part of the adapter contract (see `describeAdapterContract`). */
export function describePickerContract(
  { engine, settle }: Pick<ContractEngine, 'engine' | 'settle'>,
  setup: () => Promise<ContractMap>,
): void {
  describe(`${engine} adapter contract: the position picker`, () => {
    it('draws one focusable, named picker, keeps its element when it moves, and removes it', async () => {
      const { adapter, container } = await setup();
      expect(pickerOf(container)).toBeNull();
      adapter.setPicker(testPicker());
      await settle();
      const picker = pickerOf(container);
      expect(picker?.tagName).toBe('BUTTON');
      expect(picker?.getAttribute('aria-label')).toBe(LABEL);
      expect(picker?.dataset.position).toBe('45.8,16');
      picker?.focus();
      adapter.setPicker(testPicker({ lat: 45.81, lng: 16.02 }));
      await settle();
      expect(pickerOf(container)).toBe(picker);
      expect(document.activeElement).toBe(picker);
      expect(picker?.dataset.position).toBe('45.81,16.02');
      expect(container.querySelectorAll('[data-testid=picker-marker]')).toHaveLength(1);
      adapter.setPicker(null);
      expect(pickerOf(container)).toBeNull();
    });

    it('moves a few metres per arrow key, more with Shift, and reports each move', async () => {
      const { adapter, container, events } = await setup();
      adapter.setPicker(testPicker());
      await settle();
      const picker = pickerOf(container) as HTMLButtonElement;
      picker.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, cancelable: true }));
      expect(events.onPickerMove).toHaveBeenCalledTimes(1);
      const [north, east] = metresBetween(
        testPicker(),
        events.onPickerMove.mock.lastCall?.[0] ?? testPicker(),
      );
      expect(north).toBeCloseTo(PICKER_STEP_METRES, 3);
      expect(east).toBeCloseTo(0, 6);

      events.onPickerMove.mockClear();
      picker.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowRight', shiftKey: true, bubbles: true, cancelable: true }),
      );
      const moved = events.onPickerMove.mock.lastCall?.[0] ?? testPicker();
      const [north2, east2] = metresBetween(testPicker(), moved);
      expect(north2).toBeCloseTo(PICKER_STEP_METRES, 3);
      expect(east2).toBeCloseTo(PICKER_BIG_STEP_METRES, 1);
      expect(picker.dataset.position).toBe(
        `${Math.round(moved.lat * 1e6) / 1e6},${Math.round(moved.lng * 1e6) / 1e6}`,
      );
      // The map did not pan with the keys.
      expect(adapter.getViewport().center.lat).toBeCloseTo(45.8, 9);
    });

    it('follows a drag by the pixels moved, without panning the map or counting as a click', async () => {
      const { adapter, container, events } = await setup();
      adapter.setPicker(testPicker());
      await settle();
      const picker = pickerOf(container) as HTMLButtonElement;
      drag(picker, [256, 200], [356, 200]);
      await settle();
      expect(events.onPickerMove.mock.calls.length).toBeGreaterThanOrEqual(3);
      const dropped = events.onPickerMove.mock.lastCall?.[0];
      // 100 px at zoom 10 on 256-px tiles: 100 / 2^18 of 360°, due east.
      expect(dropped?.lng).toBeCloseTo(16.0 + (100 / 256 / 1024) * 360, 6);
      expect(dropped?.lat).toBeCloseTo(45.8, 6);
      expect(document.activeElement).toBe(picker);
      expect(events.onMapClick).not.toHaveBeenCalled();
      const { center } = adapter.getViewport();
      expect(center.lat).toBeCloseTo(45.8, 9);
      expect(center.lng).toBeCloseTo(16.0, 9);
      // The app's answer (the same position) keeps it there.
      if (dropped) adapter.setPicker(testPicker(dropped));
      expect(pickerOf(container)).toBe(picker);
    });

    it('lies under the clusters and markers, never hiding a count or a place, and over them while held or moved with the keys', async () => {
      const { adapter, container } = await setup();
      // All three on the same spot: the user's position on a cluster and a place.
      adapter.setClusters([testCluster('c1', 24, 45.8, 16.0)]);
      adapter.setMarkers([testMarker(7, { lat: 45.8, lng: 16.0 })]);
      adapter.setPicker(testPicker());
      await settle();
      const picker = pickerOf(container) as HTMLButtonElement;
      const cluster = container.querySelector('[data-testid=cluster]') as HTMLElement;
      const marker = container.querySelector('[data-testid=marker]') as HTMLElement;
      const under = () => paintedOver(cluster, picker) && paintedOver(marker, picker);
      const over = () => paintedOver(picker, cluster) && paintedOver(picker, marker);
      expect(under()).toBe(true);

      const pointer = (type: string, x: number) =>
        picker.dispatchEvent(
          new MouseEvent(type, { bubbles: true, cancelable: true, button: 0, clientX: x, clientY: 200 }),
        );
      pointer('pointerdown', 256);
      expect(over()).toBe(true);
      pointer('pointermove', 266);
      expect(over()).toBe(true);
      pointer('pointerup', 266);
      // Still focused from the drag, but by the pointer: back under, where the counts show.
      expect(document.activeElement).toBe(picker);
      expect(under()).toBe(true);

      picker.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, cancelable: true }));
      expect(over()).toBe(true);
      picker.blur();
      expect(under()).toBe(true);

      // A picker drawn again starts under them.
      picker.focus();
      picker.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, cancelable: true }));
      adapter.setPicker(null);
      adapter.setPicker(testPicker());
      await settle();
      const again = pickerOf(container) as HTMLButtonElement;
      expect(paintedOver(cluster, again) && paintedOver(marker, again)).toBe(true);
    });

    it('ignores the picker after it was destroyed', async () => {
      const { adapter } = await setup();
      adapter.destroy();
      expect(() => adapter.setPicker(testPicker())).not.toThrow();
    });
  });
}
