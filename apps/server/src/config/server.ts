import { isIP } from 'node:net';
import { z } from 'zod';
import { booleanFlag, decimal, httpUrl, integer, optionalText } from './values.ts';

/** `true`, `false`, a hop count, or addresses/CIDR ranges of the proxies in front of Karta. */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): boolean | number | string[] => {
    const lower = (value ?? '').toLowerCase();
    if (['', 'false', '0', 'off', 'no'].includes(lower)) return false;
    if (['true', 'on', 'yes'].includes(lower)) return true;
    if (/^\d+$/.test(lower) && Number(lower) <= 10) return Number(lower);
    const addresses = lower.split(',').map((part) => part.trim());
    const valid = (part: string) => {
      const [address = '', bits, ...rest] = part.split('/');
      const family = isIP(address);
      if (family === 0 || rest.length > 0) return false;
      return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    };
    if (addresses.length > 0 && addresses.every(valid)) return addresses;
    ctx.addIssue({
      code: 'custom',
      message: 'Expected true/false, a number of proxies, or comma-separated proxy addresses (CIDR allowed)',
    });
    return z.NEVER;
  });

/** The HTTP server: where it listens, what it is called, whom it believes, how much it logs. */
export const ServerEnv = z
  .object({
    PORT: integer(8080, 0, 65_535),
    HOST: optionalText.transform((value) => value ?? '0.0.0.0'),
    PUBLIC_URL: httpUrl('Expected an http(s) URL such as https://karta.example.org').transform((value) =>
      value?.replace(/\/+$/, ''),
    ),
    LOG_LEVEL: optionalText
      .pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional())
      .transform((value) => value ?? 'info'),
    READ_RATE_LIMIT_SCALE: decimal(1, 0, 1000),
    KARTA_TEST_FAULTS: booleanFlag(false),
    TRUST_PROXY: trustProxy,
  })
  .transform((e) => ({
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? null,
    logLevel: e.LOG_LEVEL,
    /** Multiplies every per-client read limit (`READ_LIMITS`); 0 turns them off. */
    readRateLimitScale: e.READ_RATE_LIMIT_SCALE,
    /** Test-only: expose a route that fails on purpose, so the browser suite can see a real 500 reported. */
    testFaults: e.KARTA_TEST_FAULTS,
    /** Fastify's `trustProxy`: whose X-Forwarded-For to believe for the client address (rate limits). */
    trustProxy: e.TRUST_PROXY,
  }));

export type ServerConfig = z.output<typeof ServerEnv>;

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest N proxies". */
export function trustProxyOption(
  value: ServerConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}
