import { describe, expect, it } from 'vitest';
import { zoomForRadius } from './zoom-for-radius.ts';

describe('zoomForRadius', () => {
  it('zooms in close for a small area and out for a large one', () => {
    expect(zoomForRadius(100, 45.8)).toBe(16);
    expect(zoomForRadius(1000, 45.8)).toBe(12);
    expect(zoomForRadius(20_000, 45.8)).toBe(8);
  });

  it('never leaves the allowed zooms', () => {
    expect(zoomForRadius(1, 45.8)).toBe(17);
    expect(zoomForRadius(100_000, 45.8, { minZoom: 9 })).toBe(9);
  });

  it('keeps a circle within the pixels asked for', () => {
    const zoom = zoomForRadius(2500, 45.8);
    const metresPerPixel = (156_543.03392 * Math.cos((45.8 * Math.PI) / 180)) / 2 ** zoom;
    expect(2500 / metresPerPixel).toBeLessThanOrEqual(70);
    expect(2500 / metresPerPixel).toBeGreaterThan(35);
  });
});
