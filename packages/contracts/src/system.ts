import { z } from 'zod';
import { LanguageCode, LatLng, MAX_LANGUAGES } from './primitives.ts';
import { SignInMethods } from './sso.ts';

export const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** Whether the in-memory map index has been built. */
  mapIndex: z.enum(['ready', 'building']),
  /** Whether the data folder or server has room to write. */
  storage: z.enum(['ok', 'low']),
  /** Real imports running in this process: reads keep answering meanwhile (decision 018). */
  imports: z.number().int().min(0),
  /** Whether the site sends e-mail (SMTP_URL and MAIL_FROM set). */
  mail: z.enum(['on', 'off']),
  version: z.string(),
  /**
   * Settings an operator should change, by code, the start log naming each: `public_osm_tiles`,
   * a public site (PUBLIC_URL not on this machine) still drawing tile.openstreetmap.org's tiles,
   * which its policy forbids for heavy use and offline saving.
   */
  warnings: z.array(z.string()),
});
export type Health = z.infer<typeof Health>;

export const MapEngine = z.enum(['leaflet', 'google']);
export type MapEngine = z.infer<typeof MapEngine>;

/**
 * The open engine's background: raster tiles of `tileUrl` (another server's), or Karta's own vector
 * tiles read from one PMTiles archive (`BASEMAP=pmtiles`, decision 028).
 */
export const Basemap = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('raster') }),
  z.object({
    kind: z.literal('pmtiles'),
    /** Where the tiles are, on this server: `/tiles/{z}/{x}/{y}.mvt`. */
    tileUrl: z.string(),
    /** The archive's deepest zoom: the map draws deeper zooms from its tiles (over-zoom). */
    maxZoom: z.number().int().min(0).max(22),
    /** Whose data the tiles are, from the archive's metadata (text, as `tileAttribution`). */
    attribution: z.string(),
  }),
]);
export type Basemap = z.infer<typeof Basemap>;

/** Runtime configuration served to the browser, so one build fits every deployment. */
export const ClientConfig = z.object({
  mapEngine: MapEngine,
  defaultCenter: LatLng,
  defaultZoom: z.number().int().min(0).max(22),
  minZoom: z.number().int().min(0).max(22),
  maxZoom: z.number().int().min(0).max(22),
  tileUrl: z.string(),
  tileAttribution: z.string(),
  // A config kept by an older app (offline) has none: it was raster then.
  basemap: Basemap.default({ kind: 'raster' }),
  /** The deployment's languages (`LANGUAGES`): content is written in these, the interface offers them. */
  languages: z.array(LanguageCode).min(1).max(MAX_LANGUAGES),
  defaultLanguage: LanguageCode,
  /** The IANA time zone opening hours are read in (`TIME_ZONE`): their times are shown in it. */
  timeZone: z.string().min(1),
  publicUrl: z.string().nullable(),
  /** Whether the site sends e-mail: password reset, alerts and follows are shown only then. */
  mail: z.boolean(),
  /** Password sign-in on or off, and the single sign-on providers (a config kept offline before: password only). */
  signIn: SignInMethods.default({ password: true, providers: [] }),
  /**
   * Address search (`GEOCODER`), null when off: whose data its answers are, and whether a search
   * may run only on Enter (the public Nominatim forbids searching as a person types).
   */
  geocoder: z.object({ attribution: z.string(), searchOnEnterOnly: z.boolean() }).nullable(),
  sentry: z.object({
    dsn: z.string().nullable(),
    environment: z.string(),
    release: z.string(),
  }),
  google: z
    .object({
      apiKey: z.string().nullable(),
      clientId: z.string().nullable(),
      version: z.string().nullable(),
      libraries: z.array(z.string()),
    })
    .nullable(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
