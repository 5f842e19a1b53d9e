import { describe, expect, it } from 'vitest';
import { circleBounds } from './circle-bounds.ts';

describe('circleBounds', () => {
  it('spans the radius each way, wider in degrees of longitude away from the equator', () => {
    const box = circleBounds({ lat: 45.8, lng: 16 }, 1000);
    // A degree of latitude is about 111 km; of longitude at 45.8° about 77.6 km.
    expect(box.north - 45.8).toBeCloseTo(1000 / 111_320, 5);
    expect(45.8 - box.south).toBeCloseTo(1000 / 111_320, 5);
    expect(box.east - 16).toBeCloseTo(1000 / (111_320 * Math.cos((45.8 * Math.PI) / 180)), 5);
    expect(16 - box.west).toBeCloseTo(box.east - 16, 9);
  });
});
