import { z } from 'zod';
import { httpUrl, optionalText } from './values.ts';

/** Where addresses are looked up (README, "Address search"). */
export const GeocoderProvider = z.enum(['builtin', 'nominatim', 'photon', 'off']);
export type GeocoderProvider = z.infer<typeof GeocoderProvider>;

/** The public services a provider uses when GEOCODER_URL is not set. */
const PUBLIC_URLS = {
  nominatim: 'https://nominatim.openstreetmap.org',
  photon: 'https://photon.komoot.io',
} as const;

/**
 * The public Nominatim's usage policy: at most one request a second for a whole site, and no
 * search as a person types. Karta keeps both when GEOCODER_URL is this host.
 */
const PUBLIC_NOMINATIM_HOST = 'nominatim.openstreetmap.org';

/** Comma-separated two-letter country codes, lower case. */
const countryList = optionalText.transform((value, ctx) => {
  const codes = (value ?? 'hr')
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter((code) => code.length > 0);
  if (codes.length === 0 || codes.length > 30 || !codes.every((code) => /^[a-z]{2}$/.test(code))) {
    ctx.addIssue({
      code: 'custom',
      message: 'Expected two-letter country codes, comma-separated, e.g. hr,si',
    });
    return z.NEVER;
  }
  return [...new Set(codes)];
});

/**
 * Address search: which provider, where, for which countries, and what Karta calls itself to it.
 * The User-Agent names the site (`PUBLIC_URL`), as the public services ask.
 */
export const geocoderEnv = (publicUrl: string | null, version: string) =>
  z
    .object({
      GEOCODER: optionalText.pipe(GeocoderProvider.optional()),
      GEOCODER_URL: httpUrl('Expected the service’s http(s) base URL, such as https://photon.example.org'),
      GEOCODER_COUNTRIES: countryList,
      GEOCODER_USER_AGENT: optionalText.refine((value) => value === undefined || !/[\r\n]/.test(value), {
        message: 'Expected one line',
      }),
    })
    .transform((e): { geocoder: GeocoderSettings | null } => {
      const provider = e.GEOCODER ?? 'builtin';
      if (provider === 'off') return { geocoder: null };
      const url =
        provider === 'builtin' ? null : (e.GEOCODER_URL ?? PUBLIC_URLS[provider]).replace(/\/+$/, '');
      return {
        /** GEOCODER and its settings; null when address search is off. */
        geocoder: {
          provider,
          /** The service's base URL (Karta appends `/search`, `/reverse` or `/api`); null for builtin. */
          url,
          countries: e.GEOCODER_COUNTRIES,
          userAgent: e.GEOCODER_USER_AGENT ?? `Karta/${version}${publicUrl ? ` (+${publicUrl})` : ''}`,
          /** One request a second for the whole site, and search on Enter only (its policy). */
          publicNominatim:
            provider === 'nominatim' && url !== null && new URL(url).hostname === PUBLIC_NOMINATIM_HOST,
        },
      };
    });

/** GEOCODER and its settings, as the geocoder takes them. */
export interface GeocoderSettings {
  provider: Exclude<GeocoderProvider, 'off'>;
  url: string | null;
  countries: string[];
  userAgent: string;
  publicNominatim: boolean;
}

/** The geocoder's settings; null when address search is off. */
export type GeocoderConfig = GeocoderSettings | null;
