import { z } from 'zod';
import { SERVER_VERSION } from './paths.ts';
import { optionalText } from './values.ts';

/** A Sentry DSN: `https://<key>@<host>/<project id>`. */
const sentryDsn = optionalText.refine(
  (value) => {
    if (value === undefined) return true;
    try {
      const url = new URL(value);
      return /^https?:$/.test(url.protocol) && url.username !== '' && /^\/(.+\/)?\d+$/.test(url.pathname);
    } catch {
      return false;
    }
  },
  { message: 'Expected a Sentry DSN such as https://key@o0.ingest.sentry.io/123' },
);

/** Error reporting to Sentry, server and browser alike; off without a DSN. */
export const SentryEnv = z
  .object({
    SENTRY_DSN: sentryDsn,
    SENTRY_ENVIRONMENT: optionalText.transform((value) => value ?? 'production'),
    SENTRY_RELEASE: optionalText,
  })
  .transform((e) => ({
    sentry: {
      dsn: e.SENTRY_DSN ?? null,
      environment: e.SENTRY_ENVIRONMENT,
      release: e.SENTRY_RELEASE ?? `karta@${SERVER_VERSION}`,
    },
  }));

export type SentryConfig = z.output<typeof SentryEnv>;
