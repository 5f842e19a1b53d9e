import { describe, expect, it } from 'vitest';
import { type ScrubbableEvent, scrubBreadcrumb, scrubEvent, scrubText } from './scrub-event.ts';

function eventWithPersonalData(): ScrubbableEvent {
  return {
    message: 'Failed for ana@example.com at https://karta.example.org/?lat=45.81&lng=15.97&place=3',
    request: {
      url: 'https://karta.example.org/places/12?token=secret#frag',
      method: 'POST',
      data: { email: 'ana@example.com', password: 'hunter2' },
      query_string: 'token=secret',
      cookies: { session: 'abc' },
      env: { REMOTE_ADDR: '10.0.0.1' },
      headers: { 'User-Agent': 'Firefox', Cookie: 'session=abc', Referer: 'https://x.test/?q=home' },
    },
    user: { id: 42, email: 'ana@example.com', username: 'ana', ip_address: '10.0.0.1' },
    exception: { values: [{ type: 'Error', value: 'No user ivo.horvat@mail.hr' }] },
    breadcrumbs: [
      {
        category: 'fetch',
        data: { url: '/api/v1/places?bbox=1,2,3,4&origin=45.8,16', method: 'GET', status_code: 200 },
      },
      { category: 'navigation', data: { from: '/?lat=45.8&lng=16', to: '/places/3?x=1' } },
      { category: 'xhr', data: { url: '/api/v1/submit', body: '{"email":"a@b.hr"}' } },
      { category: 'console', message: 'saved for ana@example.com' },
    ],
  };
}

describe('scrubEvent', () => {
  const scrubbed = scrubEvent(eventWithPersonalData());

  it('drops request bodies, cookies, env, query strings and private headers', () => {
    expect(scrubbed.request).toEqual({
      url: 'https://karta.example.org/places/12',
      method: 'POST',
      headers: { 'User-Agent': 'Firefox' },
    });
  });

  it('reduces the user to an id', () => {
    expect(scrubbed.user).toEqual({ id: 42 });
  });

  it('removes a user without an id altogether', () => {
    expect(scrubEvent({ user: { email: 'ana@example.com' } }).user).toBeUndefined();
  });

  it('removes e-mail addresses and URL queries from messages and exceptions', () => {
    expect(scrubbed.message).toBe('Failed for [email] at https://karta.example.org/');
    expect(scrubbed.exception?.values?.[0]?.value).toBe('No user [email]');
  });

  it('strips URL queries and bodies from breadcrumbs', () => {
    expect(scrubbed.breadcrumbs?.map((crumb) => crumb.data ?? crumb.message)).toEqual([
      { url: '/api/v1/places', method: 'GET', status_code: 200 },
      { from: '/', to: '/places/3' },
      { url: '/api/v1/submit' },
      'saved for [email]',
    ]);
  });

  it('does not change the event it was given', () => {
    const original = eventWithPersonalData();
    scrubEvent(original);
    expect(original).toEqual(eventWithPersonalData());
  });
});

describe('scrubBreadcrumb', () => {
  it('keeps breadcrumbs without personal data as they are', () => {
    expect(scrubBreadcrumb({ category: 'ui.click', message: 'button.copy' })).toEqual({
      category: 'ui.click',
      message: 'button.copy',
    });
  });
});

describe('scrubText', () => {
  it('strips queries from relative API paths in text', () => {
    expect(scrubText('GET /api/v1/map?bbox=1,2,3,4 failed')).toBe('GET /api/v1/map failed');
  });
});

describe('scrubEvent on free-form data (extra, contexts, tags)', () => {
  const scrubbed = scrubEvent({
    extra: {
      mapEngine: 'google',
      durationMs: 412,
      failedUrl: 'https://karta.example.org/api/v1/places?near=45.81,15.97&q=ljekarna',
      author: 'Written by ana@example.com',
      password: 'hunter2',
      response: {
        body: '{"email":"a@b.hr"}',
        status: 500,
        nested: { sessionToken: 'abc', note: 'ivo@mail.hr' },
      },
      list: ['x@y.hr', 3],
    },
    contexts: {
      browser: { name: 'Chrome', version: '131' },
      page: { url: '/near?lat=45.81&lng=15.97', cookie: 'karta_session=abc' },
    },
    tags: { engine: 'leaflet', reporter: 'ana@example.com', Authorization: 'Bearer abc' },
  });

  it('keeps what debugging needs: names, numbers, versions', () => {
    expect(scrubbed.extra).toMatchObject({ mapEngine: 'google', durationMs: 412, list: ['[email]', 3] });
    expect(scrubbed.contexts?.browser).toEqual({ name: 'Chrome', version: '131' });
    expect(scrubbed.tags).toEqual({ engine: 'leaflet', reporter: '[email]' });
  });

  it('removes query strings, e-mails, secrets and bodies at any depth', () => {
    expect(scrubbed.extra?.failedUrl).toBe('https://karta.example.org/api/v1/places');
    expect(scrubbed.extra?.author).toBe('Written by [email]');
    expect(scrubbed.extra?.response).toEqual({ status: 500, nested: { note: '[email]' } });
    expect(scrubbed.contexts?.page).toEqual({ url: '/near' });
    const text = JSON.stringify(scrubbed);
    for (const secret of ['hunter2', 'abc', 'a@b.hr', '45.81', 'ljekarna', 'ana@example.com']) {
      expect(text).not.toContain(secret);
    }
  });

  it('cuts off data nested deeper than a report needs', () => {
    let deep: Record<string, unknown> = { leaf: 'ana@example.com' };
    for (let level = 0; level < 10; level += 1) deep = { level: deep };
    expect(JSON.stringify(scrubEvent({ extra: deep }))).toContain('[cut]');
  });
});
