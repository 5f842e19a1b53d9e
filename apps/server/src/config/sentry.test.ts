import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('loadConfig: Sentry (SENTRY_*)', () => {
  it('accepts a Sentry DSN and a release override, and trims PUBLIC_URL', () => {
    const config = loadConfig({
      SENTRY_DSN: 'https://abc@o1.ingest.sentry.io/123',
      SENTRY_RELEASE: 'karta@abc123',
      SENTRY_ENVIRONMENT: 'staging',
      PUBLIC_URL: 'https://karta.example.org/',
    });
    expect(config.sentry).toEqual({
      dsn: 'https://abc@o1.ingest.sentry.io/123',
      environment: 'staging',
      release: 'karta@abc123',
    });
    expect(config.publicUrl).toBe('https://karta.example.org');
  });
});
