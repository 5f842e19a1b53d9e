import { GeocoderUnavailableError } from './geocode-source.ts';

/** More than a geocoder's answer of ten items ever holds: a bigger body is not one. */
const MAX_ANSWER_BYTES = 2_000_000;

/**
 * A GET of a geocoding service's JSON, as the site: its User-Agent (the public services ask every
 * application to name itself) and no cookie. Any failure (refused, a status other than 200, not
 * JSON, too big, past `signal`) is a `GeocoderUnavailableError`; the URL, which holds what a
 * visitor typed, is never in the error.
 */
export async function fetchJson(
  url: URL,
  userAgent: string,
  language: string,
  signal: AbortSignal,
): Promise<unknown> {
  try {
    const response = await fetch(url, {
      headers: { 'User-Agent': userAgent, Accept: 'application/json', 'Accept-Language': language },
      redirect: 'follow',
      signal,
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new Error(`status ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_ANSWER_BYTES) throw new Error('too big');
    const text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) throw new Error('too big');
    return JSON.parse(text) as unknown;
  } catch {
    throw new GeocoderUnavailableError();
  }
}

/** A coordinate as services write it: a number (Photon) or a decimal string (Nominatim). */
export function coordinate(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d{1,3}(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

/** A text part of an answer: a non-empty string, else null. */
export function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : null;
}
