import { describe, expect, it } from 'vitest';
import { basemapHealthWarnings } from './basemap.ts';
import { ConfigError, configWarnings, loadConfig } from './env.ts';

const issuesOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError)
      return error.issues.map((issue) => `${issue.variable}: ${issue.message}`);
    throw error;
  }
  return [];
};

const s3 = {
  S3_ENDPOINT: 'https://objects.example.org',
  S3_BUCKET: 'karta-maps',
  S3_ACCESS_KEY_ID: 'key-id',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('loadConfig: the base map (BASEMAP, BASEMAP_PMTILES)', () => {
  it("is TILE_URL's raster tiles unless BASEMAP=pmtiles", () => {
    expect(loadConfig({}).basemap).toEqual({ kind: 'raster' });
    expect(loadConfig({ BASEMAP: 'raster', BASEMAP_PMTILES: 'maps/x.pmtiles' }).basemap).toEqual({
      kind: 'raster',
    });
    expect(issuesOf({ BASEMAP: 'vector' })).toEqual(['BASEMAP: Expected one of raster, pmtiles']);
  });

  it('reads an archive file at an absolute path, or one relative to DATA_DIR', () => {
    expect(loadConfig({ BASEMAP: 'pmtiles', BASEMAP_PMTILES: '/srv/maps/hr.pmtiles' }).basemap).toEqual({
      kind: 'pmtiles',
      archive: { kind: 'file', path: '/srv/maps/hr.pmtiles' },
    });
    expect(
      loadConfig({ BASEMAP: 'pmtiles', BASEMAP_PMTILES: 'maps/hr.pmtiles', DATA_DIR: '/srv/karta' }).basemap,
    ).toEqual({ kind: 'pmtiles', archive: { kind: 'file', path: '/srv/karta/maps/hr.pmtiles' } });
  });

  it('reads an archive in the S3 bucket, with photos on disk too', () => {
    expect(
      loadConfig({ BASEMAP: 'pmtiles', BASEMAP_PMTILES: 's3:maps/hr.pmtiles', PHOTO_STORAGE: 'fs', ...s3 })
        .basemap,
    ).toEqual({
      kind: 'pmtiles',
      archive: {
        kind: 's3',
        key: 'maps/hr.pmtiles',
        s3: {
          endpoint: 'https://objects.example.org',
          region: 'us-east-1',
          bucket: 'karta-maps',
          accessKeyId: 'key-id',
          secretAccessKey: 'secret',
          forcePathStyle: false,
        },
      },
    });
  });

  it('does not start with BASEMAP=pmtiles and no archive, naming the variable', () => {
    expect(issuesOf({ BASEMAP: 'pmtiles' })).toEqual(['BASEMAP_PMTILES: Required with BASEMAP=pmtiles']);
    expect(issuesOf({ BASEMAP: 'pmtiles', BASEMAP_PMTILES: '  ' })).toEqual([
      'BASEMAP_PMTILES: Required with BASEMAP=pmtiles',
    ]);
  });

  it('names every S3 variable an archive in a bucket still needs, and an empty key', () => {
    expect(issuesOf({ BASEMAP: 'pmtiles', BASEMAP_PMTILES: 's3:hr.pmtiles', S3_BUCKET: 'b' }).sort()).toEqual(
      [
        'S3_ACCESS_KEY_ID: Required with BASEMAP_PMTILES=s3:<key>',
        'S3_SECRET_ACCESS_KEY: Required with BASEMAP_PMTILES=s3:<key>',
      ],
    );
    expect(issuesOf({ BASEMAP: 'pmtiles', BASEMAP_PMTILES: 's3:', ...s3 })).toEqual([
      'BASEMAP_PMTILES: Expected s3:<object key>, the key after s3:',
    ]);
  });

  it('names a bad S3 setting once, though photos and the base map both read it', () => {
    expect(issuesOf({ S3_ENDPOINT: 'objects' })).toEqual([
      'S3_ENDPOINT: Expected an http(s) URL such as https://s3.eu-central-1.amazonaws.com',
    ]);
  });
});

describe('a public site on OpenStreetMap’s own tile servers', () => {
  const osm = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
  const warned = (env: Record<string, string>) => {
    const config = loadConfig(env);
    return { health: basemapHealthWarnings(config), log: configWarnings(config) };
  };

  it('is warned of in health and in the start log, naming the tile host', () => {
    for (const [tileUrl, host] of [
      [osm, 'tile.openstreetmap.org'],
      ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', '{s}.tile.openstreetmap.org'],
      ['https://A.TILE.OPENSTREETMAP.ORG/{z}/{x}/{y}.png', 'A.TILE.OPENSTREETMAP.ORG'],
    ] as const) {
      const { health, log } = warned({ PUBLIC_URL: 'https://karta.example.org', TILE_URL: tileUrl });
      expect(health).toEqual(['public_osm_tiles']);
      expect(log).toEqual([
        expect.stringContaining(`The map's tiles come from ${host} (TILE_URL) on a public site`),
      ]);
      expect(log[0]).toContain('BASEMAP=pmtiles (see README "Base map")');
    }
    // TILE_URL's default is OpenStreetMap's.
    expect(warned({ PUBLIC_URL: 'https://karta.example.org' }).health).toEqual(['public_osm_tiles']);
  });

  it('is not warned of on this machine, without PUBLIC_URL, with other tiles or with a base map of its own', () => {
    for (const env of <Record<string, string>[]>[
      { TILE_URL: osm },
      { PUBLIC_URL: 'http://localhost:8080', TILE_URL: osm },
      { PUBLIC_URL: 'http://127.0.0.1:8080', TILE_URL: osm },
      { PUBLIC_URL: 'http://[::1]:8080', TILE_URL: osm },
      { PUBLIC_URL: 'https://karta.example.org', TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' },
      {
        PUBLIC_URL: 'https://karta.example.org',
        TILE_URL: 'https://tile.openstreetmap.org.example.net/{z}/{x}/{y}.png',
      },
      {
        PUBLIC_URL: 'https://karta.example.org',
        TILE_URL: osm,
        BASEMAP: 'pmtiles',
        BASEMAP_PMTILES: 'x.pmtiles',
      },
    ]) {
      expect(warned(env), JSON.stringify(env)).toEqual({ health: [], log: [] });
    }
  });
});
