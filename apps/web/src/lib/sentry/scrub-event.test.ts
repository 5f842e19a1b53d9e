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
