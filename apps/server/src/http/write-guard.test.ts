import { describe, expect, it } from 'vitest';
import { checkWrite, isJsonContentType, isOwnOrigin, publicOrigin } from './write-guard.ts';

describe('isOwnOrigin', () => {
  const pinned = { publicOrigin: 'https://karta.example.org', host: 'internal:8080' };
  const byHost = { publicOrigin: null, host: 'karta.example.org' };

  it('with PUBLIC_URL, takes exactly its origin', () => {
    expect(isOwnOrigin('https://karta.example.org', pinned)).toBe(true);
    expect(isOwnOrigin('https://KARTA.example.org:443', pinned)).toBe(true);
    expect(isOwnOrigin('http://karta.example.org', pinned)).toBe(false);
    expect(isOwnOrigin('https://karta.example.org:8443', pinned)).toBe(false);
    expect(isOwnOrigin('https://evil.example', pinned)).toBe(false);
    expect(isOwnOrigin('http://internal:8080', pinned)).toBe(false);
  });

  it('without PUBLIC_URL, takes the request’s host in either scheme', () => {
    expect(isOwnOrigin('https://karta.example.org', byHost)).toBe(true);
    expect(isOwnOrigin('http://karta.example.org', byHost)).toBe(true);
    expect(
      isOwnOrigin('http://karta.example.org:80', { publicOrigin: null, host: 'karta.example.org:80' }),
    ).toBe(true);
    expect(isOwnOrigin('https://karta.example.org.evil.example', byHost)).toBe(false);
    expect(isOwnOrigin('https://evil.example', byHost)).toBe(false);
    expect(isOwnOrigin('https://karta.example.org', { publicOrigin: null, host: undefined })).toBe(false);
  });

  it('never takes null, other schemes or garbage', () => {
    for (const origin of ['null', 'file://', 'chrome-extension://abc', 'not a url', '']) {
      expect(isOwnOrigin(origin, byHost), origin).toBe(false);
    }
  });
});

describe('checkWrite', () => {
  const site = { publicOrigin: 'https://karta.example.org' };
  const write = (headers: Record<string, string>) => ({ method: 'POST', headers, host: 'karta.example.org' });

  it('passes JSON writes from the site and from non-browser clients', () => {
    expect(
      checkWrite(write({ origin: 'https://karta.example.org', 'content-type': 'application/json' }), site),
    ).toBe(null);
    expect(
      checkWrite(write({ 'content-type': 'application/json; charset=utf-8', 'content-length': '2' }), site),
    ).toBe(null);
    // A bodiless write (sign-out) needs no content type.
    expect(checkWrite(write({ 'sec-fetch-site': 'same-origin' }), site)).toBe(null);
    expect(checkWrite(write({ 'content-length': '0' }), site)).toBe(null);
  });

  it('refuses other origins and cross-site fetches with 403', () => {
    expect(checkWrite(write({ origin: 'https://evil.example' }), site)).toMatchObject({
      status: 403,
      code: 'forbidden_origin',
    });
    expect(checkWrite(write({ 'sec-fetch-site': 'cross-site' }), site)).toMatchObject({ status: 403 });
    expect(checkWrite(write({ 'sec-fetch-site': 'same-site' }), site)).toMatchObject({ status: 403 });
  });

  it('leaves the origin of a Bearer-token write alone (no cookie acts), but not its body type', () => {
    const bearer = { authorization: 'Bearer karta_0123456789ab_x', 'content-type': 'application/json' };
    expect(checkWrite(write({ ...bearer, origin: 'https://evil.example' }), site)).toBe(null);
    expect(checkWrite(write({ ...bearer, 'sec-fetch-site': 'cross-site' }), site)).toBe(null);
    expect(
      checkWrite(write({ ...bearer, 'content-type': 'text/plain', 'content-length': '5' }), site),
    ).toMatchObject({ status: 415 });
    // Another scheme's credentials (a proxy's Basic) are no reason to let another site write.
    expect(
      checkWrite(write({ authorization: 'Basic dXNlcjpwYXNz', origin: 'https://evil.example' }), site),
    ).toMatchObject({ status: 403 });
  });

  it('refuses bodies that are not JSON with 415', () => {
    const bodies: Record<string, string>[] = [
      { 'content-type': 'text/plain', 'content-length': '5' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-length': '12' },
      { 'transfer-encoding': 'chunked' },
    ];
    for (const headers of bodies) {
      expect(checkWrite(write(headers), site), JSON.stringify(headers)).toMatchObject({ status: 415 });
    }
  });
});

describe('helpers', () => {
  it('reads PUBLIC_URL’s origin and JSON content types', () => {
    expect(publicOrigin('https://karta.example.org/some/path')).toBe('https://karta.example.org');
    expect(publicOrigin(null)).toBe(null);
    expect(isJsonContentType('Application/JSON ; charset=utf-8')).toBe(true);
    expect(isJsonContentType('application/jsonp')).toBe(false);
    expect(isJsonContentType(undefined)).toBe(false);
  });
});

describe('checkWrite with a route’s own body types (an import)', () => {
  const site = { publicOrigin: 'https://karta.example.org' };
  const own = ['text/csv', 'application/geo+json'];
  const write = (headers: Record<string, string>) => ({
    headers: { 'content-length': '10', ...headers },
    host: 'karta.example.org',
  });

  it('takes exactly the declared types, with parameters, and nothing else', () => {
    expect(checkWrite(write({ 'content-type': 'text/csv; charset=utf-8' }), site, own)).toBe(null);
    expect(checkWrite(write({ 'content-type': 'Application/Geo+JSON' }), site, own)).toBe(null);
    for (const type of ['application/json', 'text/plain', 'text/html', '']) {
      expect(checkWrite(write({ 'content-type': type }), site, own)?.status, type).toBe(415);
    }
    expect(checkWrite(write({}), site, own)?.message).toBe(
      'Unsupported content type: send text/csv or application/geo+json',
    );
    // The other routes still take JSON only.
    expect(checkWrite(write({ 'content-type': 'text/csv' }), site)?.status).toBe(415);
  });

  it('never takes what an HTML form can send, even when a route declares it', () => {
    expect(checkWrite(write({ 'content-type': 'text/plain' }), site, ['text/plain'])?.status).toBe(415);
  });

  it('still refuses another site’s import', () => {
    const refusal = checkWrite(
      write({ 'content-type': 'text/csv', origin: 'https://evil.example' }),
      site,
      own,
    );
    expect(refusal?.status).toBe(403);
    expect(
      checkWrite(write({ 'content-type': 'text/csv', 'sec-fetch-site': 'cross-site' }), site, own)?.status,
    ).toBe(403);
  });
});
