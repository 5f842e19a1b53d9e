import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import { isApiWrite } from './api-route.ts';
import { bearerValue } from './bearer.ts';
import { AppError } from './errors.ts';

/** `Sec-Fetch-Site` values of requests a person made on this site (or typed in the address bar). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/** The site's own origin from PUBLIC_URL (`https://karta.example.org`), or null when unset. */
export function publicOrigin(publicUrl: string | null): string | null {
  if (!publicUrl) return null;
  try {
    return new URL(publicUrl).origin;
  } catch {
    return null;
  }
}

/**
 * Whether an `Origin` header names this site: exactly PUBLIC_URL's origin when it is set;
 * otherwise the request's own host (any scheme, as a TLS-terminating proxy hides the browser's).
 */
export function isOwnOrigin(origin: string, site: { publicOrigin: string | null; host: string | undefined }) {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    // `null` (a sandboxed frame, a privacy redirect) and garbage are nobody's origin.
    return false;
  }
  if (url.origin === 'null' || !/^https?:$/.test(url.protocol)) return false;
  if (site.publicOrigin) return url.origin === site.publicOrigin;
  if (!site.host) return false;
  try {
    // Read the Host header with the origin's scheme, so default ports compare equal (`:443`).
    return new URL(`${url.protocol}//${site.host}`).host === url.host;
  } catch {
    return false;
  }
}

/** Whether the request carries a body (a declared length above zero, or a chunked one). */
function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  if (headers['transfer-encoding'] !== undefined) return true;
  return length !== undefined && length !== '0';
}

/** The media type of a Content-Type header, lower-cased, without parameters (`text/csv`). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Whether a Content-Type is JSON (`application/json`, any parameters). */
export function isJsonContentType(contentType: string | undefined): boolean {
  return mediaType(contentType) === 'application/json';
}

/**
 * The body types a write route accepts instead of JSON, declared in its options as
 * `config: { bodyTypes: ['text/csv', …] }` (an import). None may be a type an HTML form can send
 * (form encodings, `text/plain`): those need no CORS preflight, so another site could post them.
 */
export interface WriteRouteConfig {
  bodyTypes?: readonly string[];
}

/** Content types another site can send without a CORS preflight: never accepted as a body. */
const SIMPLE_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/**
 * What a write must show before it is read, or the error it gets:
 * - 403 `forbidden_origin` when its `Origin` is another site's, or, without `Origin`, when
 *   `Sec-Fetch-Site` says it came from another site (`cross-site`, `same-site`);
 * - 415 `unsupported_media_type` when it has a body that is not declared `application/json`, or one of the route's own
 *   `bodyTypes` (a cross-site HTML form can only send form encodings and text/plain, and a
 *   script elsewhere cannot send JSON, CSV or GeoJSON to us without a CORS preflight, which we
 *   never grant).
 * Requests with neither header are not browsers' (curl, scripts) and pass, and so do those with
 * an `Authorization: Bearer` token, whatever their origin: such a request carries no cookie's
 * authority (the token's user acts, never the cookie's), and another site's page cannot add the
 * header without a CORS preflight, which we never grant. The body type rule holds for them too.
 */
export function checkWrite(
  request: { headers: IncomingHttpHeaders; host?: string },
  site: { publicOrigin: string | null },
  bodyTypes: readonly string[] = ['application/json'],
): AppError | null {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  const bearer = bearerValue(request.headers.authorization) !== undefined;
  const foreign =
    !bearer &&
    (origin !== undefined
      ? !isOwnOrigin(origin, { publicOrigin: site.publicOrigin, host: request.host })
      : typeof fetchSite === 'string' && !OWN_FETCH_SITES.has(fetchSite.toLowerCase()));
  if (foreign) {
    return new AppError(
      'forbidden_origin',
      'This request came from another site, so it was refused. Use Karta from its own address.',
    );
  }
  const contentType = request.headers['content-type'];
  const type = mediaType(contentType);
  if (
    (contentType !== undefined || hasBody(request.headers)) &&
    (SIMPLE_TYPES.has(type) || !bodyTypes.includes(type))
  ) {
    return new AppError('unsupported_media_type', `Unsupported content type: send ${bodyTypes.join(' or ')}`);
  }
  return null;
}

/**
 * Refuses cross-site and non-JSON writes to the API before their bodies are read: the CSRF
 * defence for cookie-authenticated requests, beside the SameSite=Lax cookie.
 */
export function registerWriteGuard(app: FastifyInstance, config: Pick<Config, 'publicUrl'>) {
  const site = { publicOrigin: publicOrigin(config.publicUrl) };
  app.addHook('onRequest', async (request) => {
    if (!isApiWrite(request)) return;
    const bodyTypes = (request.routeOptions.config as WriteRouteConfig | undefined)?.bodyTypes;
    const refusal = checkWrite(request, site, bodyTypes);
    if (refusal) throw refusal;
  });
}
