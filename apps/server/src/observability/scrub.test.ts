import type { ErrorEvent } from '@sentry/node';
import { describe, expect, it } from 'vitest';
import { scrubEvent, stripQuery } from './scrub.ts';

describe('scrubEvent', () => {
  const event: ErrorEvent = {
    type: undefined,
    message: 'failed for ana@example.org',
    request: {
      method: 'POST',
      url: 'https://karta.example.org/api/v1/places?token=abc#frag',
      query_string: 'token=abc',
      data: '{"email":"ana@example.org","password":"hunter2"}',
      cookies: { session: 's3cret' },
      headers: {
        authorization: 'Bearer xyz',
        cookie: 'session=s3cret',
        'user-agent': 'Firefox',
        'x-forwarded-for': '1.2.3.4',
      },
      env: { REMOTE_ADDR: '1.2.3.4' },
    },
    user: { id: '42', email: 'ana@example.org', ip_address: '1.2.3.4', username: 'ana' },
    extra: { body: { email: 'ana@example.org' }, note: 'write to ana@example.org', sessionToken: 'x' },
    breadcrumbs: [{ category: 'http', data: { url: 'https://api.example.org/x?q=secret', body: 'b' } }],
    exception: { values: [{ type: 'Error', value: 'no user ana@example.org' }] },
  };

  it('drops bodies, cookies, query strings and sensitive headers', () => {
    const scrubbed = scrubEvent(event);
    expect(scrubbed.request).toEqual({
      method: 'POST',
      url: 'https://karta.example.org/api/v1/places',
      headers: { 'user-agent': 'Firefox' },
    });
  });

  it('keeps only the user id', () => {
    expect(scrubEvent(event).user).toEqual({ id: '42' });
    expect(scrubEvent({ ...event, user: { email: 'a@b.co' } }).user).toBeUndefined();
  });

  it('leaves no e-mail address, password, token or query anywhere in the event', () => {
    const text = JSON.stringify(scrubEvent(event));
    for (const secret of [
      'ana@example.org',
      'hunter2',
      's3cret',
      'Bearer',
      'token=abc',
      'q=secret',
      '1.2.3.4',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[email]');
  });

  it('masks an API token quoted in any text, its secret and its prefix', () => {
    const token = 'karta_0a1b2c3d4e5f_Zm9vYmFyLWJhei1xdXV4LXNlY3JldC1wYXJ0LW9mLWl0AB';
    const text = JSON.stringify(
      scrubEvent({
        ...event,
        message: `refused ${token}`,
        extra: { line: `sent ${token} twice` },
        exception: { values: [{ type: 'Error', value: `bad ${token}` }] },
      }),
    );
    expect(text).not.toContain('Zm9vYmFy');
    expect(text).not.toContain('0a1b2c3d4e5f');
    expect(text).toContain('[api token]');
  });

  it('does not change the event it was given', () => {
    const copy = structuredClone(event);
    scrubEvent(event);
    expect(event).toEqual(copy);
  });
});

describe('stripQuery', () => {
  it('cuts the query string and fragment', () => {
    expect(stripQuery('/a/b?x=1#y')).toBe('/a/b');
    expect(stripQuery('/a#y?x')).toBe('/a');
    expect(stripQuery('/a')).toBe('/a');
  });
});
