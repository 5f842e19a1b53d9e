import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_MAP_ID, homeFirstView, withHomeFirstView } from './first-view.ts';

const MAP = {
  engine: 'leaflet' as const,
  defaultCenter: { lat: 45.8, lng: 16 },
  defaultZoom: 10,
  minZoom: 2,
  maxZoom: 19,
  tileUrl: 'https://tile.example.org/{z}/{x}/{y}.png',
  tileAttribution: '© OpenStreetMap contributors',
};

const INDEX = `<!doctype html><html><head><title>Karta</title></head><body><div id="root">
<!-- first-view --><main>logo</main><!-- /first-view -->
</div><script type="module" src="/assets/index.js"></script></body></html>`;

/** The tiles of a first view with where they lie from the map's centre and when they are hidden. */
function tiles(html: string) {
  return [
    ...html.matchAll(
      /<img id="kfv-(\d+)" src="([^"]+)"[^>]*?(loading="lazy")?[^>]*style="left:calc\(50% \+ (-?[\d.]+)px\);top:calc\(50% \+ (-?[\d.]+)px\)"/g,
    ),
  ].map((match) => ({
    id: Number(match[1]),
    url: match[2],
    lazy: match[0].includes('loading="lazy"'),
    left: Number(match[4]),
    top: Number(match[5]),
    hiddenUpTo: Number(
      new RegExp(`max-width:(\\d+(?:\\.\\d+)?)px\\)\\{#kfv-${match[1]}\\{`).exec(html)?.[1] ?? 0,
    ),
  }));
}

describe('homeFirstView', () => {
  it('puts no raster tile in the page with Karta’s own base map, only the header’s frame', () => {
    const view = homeFirstView(MAP, 'pmtiles');
    const page = withHomeFirstView(INDEX, view ?? { style: '', header: '', map: '' });
    expect(page).not.toContain('<img');
    expect(page).not.toContain('tile.example.org');
    expect(page).not.toContain(FIRST_VIEW_MAP_ID);
    expect(page).toMatch(/<div id="root">\s*<div class="kfv-header" aria-hidden="true">/);
    expect(page).not.toContain('<!-- first-view -->');
  });

  it('draws the tiles of the default view around the map’s centre, the centre’s tile first and eager', () => {
    const view = homeFirstView(MAP, 'raster');
    expect(view).not.toBeNull();
    const page = withHomeFirstView(INDEX, view ?? { style: '', header: '', map: '' });
    const drawn = tiles(page);
    // Zagreb at zoom 10: 131 px into column 557 and 30 px into row 365; two rows fill 400 px.
    expect(drawn[0]).toMatchObject({
      url: 'https://tile.example.org/10/557/365.png',
      lazy: false,
      left: -130.8,
      top: -30.1,
    });
    expect(page).toContain(
      'id="kfv-0" src="https://tile.example.org/10/557/365.png" alt="" fetchpriority="high"',
    );
    expect(new Set(drawn.map((tile) => tile.top))).toEqual(new Set([-30.1, -286.1]));
    // Out to 1 280 px either side; a tile is shown (and fetched) only on maps wide enough to show it.
    expect(Math.min(...drawn.map((tile) => tile.left))).toBeLessThanOrEqual(-1280);
    for (const tile of drawn) {
      const nearSide = tile.left > 0 ? tile.left : Math.max(0, -(tile.left + 256));
      expect(tile.hiddenUpTo, tile.url).toBeCloseTo(nearSide < 160 ? 0 : 2 * nearSide, 0);
      expect(tile.lazy, tile.url).toBe(nearSide >= 160);
    }
  });

  it('puts the header’s frame in #root, the map before it and the style in the head', () => {
    const view = homeFirstView(MAP, 'raster');
    if (!view) throw new Error('no first view');
    const page = withHomeFirstView(INDEX, view);
    expect(page).not.toContain('<main>logo</main>');
    expect(page.indexOf(`id="${FIRST_VIEW_MAP_ID}"`)).toBeLessThan(page.indexOf('<div id="root">'));
    expect(page.indexOf('class="kfv-header"')).toBeGreaterThan(page.indexOf('<div id="root">'));
    expect(page.indexOf('.kfv-map{')).toBeLessThan(page.indexOf('</head>'));
    expect(page.match(/aria-hidden="true"/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('offers both densities when the template names one, and escapes the addresses', () => {
    const view = homeFirstView(
      {
        ...MAP,
        tileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}{r}.png?a=1&b="2"',
      },
      'raster',
    );
    expect(view?.map).toContain(
      'src="https://b.tile.example.org/10/557/365.png?a=1&amp;b=&quot;2&quot;" srcset="https://b.tile.example.org/10/557/365@2x.png?a=1&amp;b=&quot;2&quot; 2x"',
    );
  });

  it('has none for Google’s engine or a template with placeholders of its own', () => {
    expect(homeFirstView({ ...MAP, engine: 'google' }, 'raster')).toBeNull();
    expect(
      homeFirstView({ ...MAP, tileUrl: 'https://tile.example.org/{z}/{x}/{-y}.png' }, 'raster'),
    ).toBeNull();
  });

  it('leaves a page without the first-view marks as it is', () => {
    const view = homeFirstView(MAP, 'raster');
    if (!view) throw new Error('no first view');
    const plain = '<!doctype html><title>Karta</title><div id="root"></div>';
    expect(withHomeFirstView(plain, view)).toBe(plain);
  });
});
