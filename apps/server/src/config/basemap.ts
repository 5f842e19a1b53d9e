import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { missingS3Variables, S3Fields, s3Settings } from './s3.ts';
import { type Env, type EnvIssue, optionalText } from './values.ts';

const S3_PREFIX = 's3:';

/**
 * The open engine's background: `raster` (TILE_URL's tiles, another server's) or `pmtiles` (Karta's
 * own vector tiles from one PMTiles archive, BASEMAP_PMTILES). The archive is a file (absolute, or
 * relative to DATA_DIR) or `s3:<key>`, an object in the bucket of the S3_* settings.
 */
export const basemapEnv = (dataDir: string) =>
  S3Fields.extend({
    BASEMAP: optionalText
      .pipe(z.enum(['raster', 'pmtiles']).optional())
      .transform((value) => value ?? 'raster'),
    BASEMAP_PMTILES: optionalText,
  }).transform((e) => {
    const location = e.BASEMAP_PMTILES ?? '';
    const archive = location.startsWith(S3_PREFIX)
      ? { kind: 's3' as const, key: location.slice(S3_PREFIX.length).trim(), s3: s3Settings(e) }
      : { kind: 'file' as const, path: isAbsolute(location) ? location : resolve(dataDir, location) };
    return {
      /** BASEMAP and BASEMAP_PMTILES: the open engine's background. */
      basemap: e.BASEMAP === 'pmtiles' ? { kind: 'pmtiles' as const, archive } : { kind: 'raster' as const },
    };
  });

export type BasemapConfig = z.output<ReturnType<typeof basemapEnv>>['basemap'];
/** Where a PMTiles archive is: a file, or an object in an S3-compatible bucket. */
export type ArchiveLocation = Extract<BasemapConfig, { kind: 'pmtiles' }>['archive'];

/**
 * With BASEMAP=pmtiles the archive must be named; with `s3:<key>`, the key, the bucket and both
 * keys must be set (checked apart so all are named at once, as photo storage's are).
 */
export function basemapIssues(env: Env): EnvIssue[] {
  if (env.BASEMAP?.trim() !== 'pmtiles') return [];
  const location = env.BASEMAP_PMTILES?.trim() ?? '';
  if (!location) return [{ variable: 'BASEMAP_PMTILES', message: 'Required with BASEMAP=pmtiles' }];
  if (!location.startsWith(S3_PREFIX)) return [];
  const key = location.slice(S3_PREFIX.length).trim();
  return [
    ...(key ? [] : [{ variable: 'BASEMAP_PMTILES', message: 'Expected s3:<object key>, the key after s3:' }]),
    ...missingS3Variables(env, `BASEMAP_PMTILES=${S3_PREFIX}<key>`),
  ];
}

/** The health code of a public site drawing OpenStreetMap's own tile servers (see `basemapWarnings`). */
export const PUBLIC_OSM_TILES = 'public_osm_tiles';

const OSM_TILE_HOST = 'tile.openstreetmap.org';

interface BasemapSettings {
  publicUrl: string | null;
  basemap: BasemapConfig;
  map: { tileUrl: string };
}

/** Whether PUBLIC_URL names a site others reach, not this machine. */
function isPublic(publicUrl: string | null): boolean {
  if (!publicUrl) return false;
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  return !['localhost', '127.0.0.1', '::1'].includes(host) && !host.endsWith('.localhost');
}

/** TILE_URL's host as written (`{s}.tile.openstreetmap.org`), when it is OpenStreetMap's own. */
function osmTileHost(tileUrl: string): string | null {
  const host = /^https?:\/\/([^/]+)/i.exec(tileUrl)?.[1] ?? '';
  const name = host.replace(/:\d+$/, '').toLowerCase();
  return name === OSM_TILE_HOST || name.endsWith(`.${OSM_TILE_HOST}`) ? host : null;
}

/** The tile host a public site leans on against its policy (see `basemapWarnings`), or null. */
export function publicOsmTileHost(config: BasemapSettings): string | null {
  if (config.basemap.kind !== 'raster' || !isPublic(config.publicUrl)) return null;
  return osmTileHost(config.map.tileUrl);
}

/** The codes of `Health.warnings` these settings earn. */
export function basemapHealthWarnings(config: BasemapSettings): string[] {
  return publicOsmTileHost(config) ? [PUBLIC_OSM_TILES] : [];
}

/**
 * Base map settings that start but that the operator should change, to log at start: a public
 * site drawing tile.openstreetmap.org's tiles (its policy forbids heavy use and offline saving,
 * and it blocks sites without notice).
 */
export function basemapWarnings(config: BasemapSettings): string[] {
  const host = publicOsmTileHost(config);
  if (!host) return [];
  return [
    `The map's tiles come from ${host} (TILE_URL) on a public site: OpenStreetMap's tile policy forbids heavy use and saving tiles for offline use, and it may block this site without notice. Serve a base map of your own with BASEMAP=pmtiles (see README "Base map")`,
  ];
}
