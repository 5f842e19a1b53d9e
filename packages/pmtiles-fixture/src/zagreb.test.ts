import { describe, expect, it } from 'vitest';
import { readMvt } from './read-mvt.ts';
import { tilesOfBox } from './tile-range.ts';
import { sliceLayers } from './vector-tiles.ts';
import { ZAGREB_LAYERS } from './zagreb.ts';

/** Each layer of an encoded tile with the `kind` of each of its features, as a renderer reads them. */
function kindsByLayer(data: Uint8Array): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(readMvt(data)).map(([name, features]) => [name, features.map((f) => String(f.kind))]),
  );
}

describe('the Zagreb base map', () => {
  it('draws the city centre with the layers and kinds the Protomaps flavours paint', () => {
    const centre: [number, number, number, number] = [15.977, 45.813, 15.977, 45.813];
    const [tile] = sliceLayers(ZAGREB_LAYERS, { bounds: centre, minZoom: 10, maxZoom: 10 });
    expect(tile).toMatchObject(tilesOfBox(centre, 10)[0] ?? {});
    const kinds = kindsByLayer(tile?.data ?? new Uint8Array());
    expect(kinds.earth).toEqual(['earth']);
    expect(kinds.water).toEqual(expect.arrayContaining(['water', 'lake']));
    expect(kinds.landuse).toContain('park');
    expect(kinds.roads).toEqual(expect.arrayContaining(['highway', 'major_road', 'minor_road']));
    expect(kinds.places).toContain('locality');
  });

  it('names its places in the languages the map may show, with the ranks labels are sized by', () => {
    const centre: [number, number, number, number] = [15.977, 45.813, 15.977, 45.813];
    const [tile] = sliceLayers(ZAGREB_LAYERS, { bounds: centre, minZoom: 12, maxZoom: 12 });
    const places = readMvt(tile?.data ?? new Uint8Array()).places ?? [];
    expect(places.find((place) => place.name === 'Zagreb')).toMatchObject({
      kind: 'locality',
      'name:en': 'Zagreb',
      'name:hr': 'Zagreb',
      min_zoom: 3,
      population_rank: 13,
    });
  });
});
