import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_LANGUAGES, EmailAddress, LanguageCode, MAX_LANGUAGES } from '@karta/contracts';
import { z } from 'zod';
import { checkNewPassword } from '../accounts/password-rules.ts';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from '../db/statement-timeout.ts';
import { hasPublicHolidays } from '../opening-hours/open-state.ts';
import type { S3Settings } from '../photos/photo-store.ts';
import { REPO_ROOT, SERVER_VERSION } from './paths.ts';

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
// Text, not HTML: the map shows it as text and links the tile source's name itself.
const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/** Unset and empty mean the same: `FOO=` in a .env file should not count as a value. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const booleanFlag = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (['true', '1', 'on', 'yes'].includes(value)) return true;
      if (['false', '0', 'off', 'no'].includes(value)) return false;
      ctx.addIssue({ code: 'custom', message: 'Expected true/false, 1/0 or on/off' });
      return z.NEVER;
    });

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
        ctx.addIssue({ code: 'custom', message: `Expected a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return Number(value);
    });

/** A decimal number such as `0.5` or `2`, within [min, max]. */
const decimal = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (!/^\d+(\.\d+)?$/.test(value) || Number(value) < min || Number(value) > max) {
        ctx.addIssue({ code: 'custom', message: `Expected a number from ${min} to ${max}` });
        return z.NEVER;
      }
      return Number(value);
    });

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

/**
 * `LANGUAGES`: the deployment's languages, comma-separated two-letter codes (default `hr,en`).
 * Content is written in these and the interface offers those of them that have a locale file.
 */
function parseLanguages(value: string | undefined): string[] | null {
  const codes = (value?.trim() ? value : DEFAULT_LANGUAGES.join(','))
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean);
  const valid = codes.length > 0 && codes.every((code) => LanguageCode.safeParse(code).success);
  const unique = [...new Set(codes)];
  return valid && unique.length <= MAX_LANGUAGES ? unique : null;
}

const languageList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const languages = parseLanguages(value);
    if (languages) return languages;
    ctx.addIssue({
      code: 'custom',
      message: `Expected 1–${MAX_LANGUAGES} comma-separated two-letter language codes such as hr,en`,
    });
    return z.NEVER;
  });

/** DEFAULT_LANGUAGE must be one of LANGUAGES; checked apart so every bad variable is named at once. */
function defaultLanguageIssues(env: NodeJS.ProcessEnv): { variable: string; message: string }[] {
  const languages = parseLanguages(env.LANGUAGES);
  const language = env.DEFAULT_LANGUAGE?.trim().toLowerCase();
  if (!languages || !language || languages.includes(language)) return [];
  return [{ variable: 'DEFAULT_LANGUAGE', message: `Expected one of LANGUAGES: ${languages.join(', ')}` }];
}

const httpUrl = (message: string) =>
  optionalText.refine((value) => value === undefined || /^https?:\/\/[^\s/]+/i.test(value), { message });

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

/** Whether `name` is a time zone this Node knows (IANA names: Europe/Zagreb, UTC). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  PORT: integer(8080, 0, 65_535),
  HOST: optionalText.transform((value) => value ?? '0.0.0.0'),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
    message: 'Expected a postgres:// or postgresql:// URL',
  }),
  DEMO_DATA: booleanFlag(true),
  PUBLIC_URL: httpUrl('Expected an http(s) URL such as https://karta.example.org').transform((value) =>
    value?.replace(/\/+$/, ''),
  ),
  SENTRY_DSN: sentryDsn,
  SENTRY_ENVIRONMENT: optionalText.transform((value) => value ?? 'production'),
  SENTRY_RELEASE: optionalText,
  MAP_ENGINE: optionalText.pipe(z.enum(['auto', 'leaflet', 'google']).optional()),
  GOOGLE_MAPS_API_KEY: optionalText,
  GOOGLE_MAPS_CLIENT_ID: optionalText,
  GOOGLE_MAPS_VERSION: optionalText,
  GOOGLE_MAPS_LIBRARIES: optionalText.transform((value, ctx) => {
    const libraries = (value ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (libraries.some((name) => !/^[a-zA-Z_]+$/.test(name))) {
      ctx.addIssue({ code: 'custom', message: 'Expected a comma-separated list of library names' });
      return z.NEVER;
    }
    return libraries;
  }),
  TILE_URL: optionalText
    .transform((value) => value ?? DEFAULT_TILE_URL)
    .refine((value) => /^https?:\/\/[^\s/]+\/\S*$/i.test(value), {
      message: 'Expected an http(s) URL template',
    })
    .refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), {
      message: 'The template must contain {z}, {x} and {y}',
    }),
  TILE_ATTRIBUTION: optionalText.transform((value) => value ?? DEFAULT_TILE_ATTRIBUTION),
  LANGUAGES: languageList,
  DEFAULT_LANGUAGE: optionalText.transform((value) => value?.toLowerCase()),
  LOG_LEVEL: optionalText
    .pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional())
    .transform((value) => value ?? 'info'),
  MIN_FREE_DISK_MB: integer(100, 0, 10_000_000),
  STATEMENT_TIMEOUT_MS: integer(DEFAULT_STATEMENT_TIMEOUT_MS, 0, 3_600_000),
  READ_RATE_LIMIT_SCALE: decimal(1, 0, 1000),
  KARTA_TEST_FAULTS: booleanFlag(false),
  TRUST_PROXY: trustProxy,
  TIME_ZONE: optionalText
    .transform((value) => value ?? 'Europe/Zagreb')
    .refine(isTimeZone, {
      message: 'Expected an IANA time zone such as Europe/Zagreb',
    }),
  HOLIDAY_COUNTRY: optionalText
    .transform((value) => (value ?? 'hr').toLowerCase())
    .refine(hasPublicHolidays, {
      message: 'Expected a two-letter country code whose public holidays opening_hours.js knows, such as hr',
    }),
  STALE_AFTER_DAYS: integer(365, 1, 3650),
  PHOTO_STORAGE: optionalText.pipe(z.enum(['fs', 's3']).optional()).transform((value) => value ?? 'fs'),
  S3_ENDPOINT: httpUrl('Expected an http(s) URL such as https://s3.eu-central-1.amazonaws.com'),
  S3_REGION: optionalText.transform((value) => value ?? 'us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  // A secret is used exactly as given: not trimmed.
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined)),
  S3_FORCE_PATH_STYLE: booleanFlag(false),
  SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\/[^\s/]+/.test(value), {
    message: 'Expected an smtp:// or smtps:// URL such as smtp://user:password@mail.example.org:587',
  }),
  MAIL_FROM: optionalText.refine((value) => value === undefined || isMailbox(value), {
    message: 'Expected an address such as karta@example.org or "Karta <karta@example.org>"',
  }),
  ADMIN_EMAIL: optionalText,
  // A password is used exactly as given: not trimmed.
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined)),
});

/** The first admin's variables: both or neither, a valid e-mail, a password that passes the rules. */
function adminIssues(env: NodeJS.ProcessEnv): { variable: string; message: string }[] {
  const email = env.ADMIN_EMAIL?.trim() || undefined;
  const password = env.ADMIN_PASSWORD || undefined;
  if (!email && !password) return [];
  if (!email) return [{ variable: 'ADMIN_EMAIL', message: 'Set it together with ADMIN_PASSWORD' }];
  if (!password) return [{ variable: 'ADMIN_PASSWORD', message: 'Set it together with ADMIN_EMAIL' }];
  const issues: { variable: string; message: string }[] = [];
  const parsedEmail = EmailAddress.safeParse(email);
  if (!parsedEmail.success) {
    issues.push({ variable: 'ADMIN_EMAIL', message: parsedEmail.error.issues[0]?.message ?? 'Invalid' });
  }
  for (const issue of checkNewPassword(password, email)) {
    issues.push({ variable: 'ADMIN_PASSWORD', message: issue.message });
  }
  return issues;
}

/** `address` or `Name <address>` on one line: what a From header may hold. */
function isMailbox(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const address = /<([^<>]+)>$/.exec(value)?.[1] ?? value;
  return EmailAddress.safeParse(address.trim()).success;
}

/**
 * Mail is on with both SMTP_URL and MAIL_FROM, off with neither; one alone is a mistake, and so is
 * mail without PUBLIC_URL, which every message links to.
 */
function mailIssues(env: NodeJS.ProcessEnv): { variable: string; message: string }[] {
  const url = Boolean(env.SMTP_URL?.trim());
  const from = Boolean(env.MAIL_FROM?.trim());
  if (url !== from) {
    return [
      {
        variable: url ? 'MAIL_FROM' : 'SMTP_URL',
        message: `Required with ${url ? 'SMTP_URL' : 'MAIL_FROM'}`,
      },
    ];
  }
  if (url && !env.PUBLIC_URL?.trim()) {
    return [{ variable: 'PUBLIC_URL', message: 'Required with SMTP_URL: e-mails link to it' }];
  }
  return [];
}

/** The name of `Name <address>`, which mail calls the site by; "Karta" for a bare address. */
function senderName(from: string): string {
  const name = /^(.*?)\s*<[^<>]+>$/
    .exec(from)?.[1]
    ?.replace(/^"(.*)"$/, '$1')
    .trim();
  return name || 'Karta';
}

/** With PHOTO_STORAGE=s3, the bucket and both keys must be set; checked apart so all are named. */
function photoStorageIssues(env: NodeJS.ProcessEnv): { variable: string; message: string }[] {
  if (env.PHOTO_STORAGE?.trim() !== 's3') return [];
  return (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
    .filter((variable) => !env[variable]?.trim())
    .map((variable) => ({ variable, message: 'Required with PHOTO_STORAGE=s3' }));
}

/** Where photos are kept: files under DATA_DIR/photos, or an S3-compatible bucket. */
export type PhotoStorageConfig = { kind: 'fs'; root: string } | { kind: 's3'; s3: S3Settings };

/** The validated runtime configuration; built once at start by `loadConfig`. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the PGlite folder (also where the lock file lives). */
  dataDir: string;
  /** PostgreSQL URL; when set, PGlite is not used. */
  databaseUrl: string | null;
  demoData: boolean;
  publicUrl: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  minFreeDiskMb: number;
  /** How long one database read may take, in ms (0: unbounded; decision 018). */
  statementTimeoutMs: number;
  /** Multiplies every per-client read limit (`READ_LIMITS`); 0 turns them off. */
  readRateLimitScale: number;
  /** Test-only: expose a route that fails on purpose, so the browser suite can see a real 500 reported. */
  testFaults: boolean;
  /** Fastify's `trustProxy`: whose X-Forwarded-For to believe for the client address (rate limits). */
  trustProxy: boolean | number | string[];
  /** TIME_ZONE and HOLIDAY_COUNTRY: where opening hours are read (issue 14). */
  hours: { timeZone: string; country: string };
  /** STALE_AFTER_DAYS: a place unconfirmed this long is shown as possibly out of date. */
  staleAfterDays: number;
  /** PHOTO_STORAGE and S3_*: where processed photos are kept (issue 13, decision 021). */
  photoStorage: PhotoStorageConfig;
  /** SMTP_URL and MAIL_FROM: how Karta sends e-mail; null when it sends none (issue 15). */
  mail: { smtpUrl: string; from: string; siteName: string } | null;
  /** The first admin, created at start when there is no admin yet (ADMIN_EMAIL + ADMIN_PASSWORD). */
  admin: { email: string; password: string } | null;
  version: string;
  sentry: { dsn: string | null; environment: string; release: string };
  map: {
    /** The engine the browser uses: `auto` is resolved here. */
    engine: 'leaflet' | 'google';
    defaultCenter: { lat: number; lng: number };
    defaultZoom: number;
    minZoom: number;
    maxZoom: number;
    tileUrl: string;
    tileAttribution: string;
  };
  google: { apiKey: string | null; clientId: string | null; version: string | null; libraries: string[] };
  /** `LANGUAGES`: the languages content is written in, in the order forms show them. */
  languages: readonly string[];
  /** The interface's language when the visitor's browser names none of `languages`. */
  defaultLanguage: string;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest N proxies". */
export function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** A start-up configuration problem: lists every bad variable at once. */
export class ConfigError extends Error {
  constructor(readonly issues: readonly { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** The seed's default view and the zoom range both engines support with 256-px tiles. */
export const MAP_DEFAULTS = {
  defaultCenter: { lat: 45.8, lng: 16.0 },
  defaultZoom: 10,
  minZoom: 2,
  maxZoom: 18,
};

/**
 * Parses the environment once. `cwd` is where a relative DATA_DIR resolves: npm runs workspace
 * scripts in the workspace folder but records the caller's folder in INIT_CWD, so that one wins.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd = env.INIT_CWD ?? process.cwd(),
): Config {
  const parsed = EnvSchema.safeParse(env);
  const issues = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          variable: String(issue.path[0] ?? '(environment)'),
          message:
            issue.code === 'invalid_value' ? `Expected one of ${issue.values.join(', ')}` : issue.message,
        }))),
    ...adminIssues(env),
    ...defaultLanguageIssues(env),
    ...photoStorageIssues(env),
    ...mailIssues(env),
  ];
  if (!parsed.success || issues.length > 0) throw new ConfigError(issues);
  const e = parsed.data;
  const hasGoogleCredentials = Boolean(e.GOOGLE_MAPS_API_KEY || e.GOOGLE_MAPS_CLIENT_ID);
  const engine =
    e.MAP_ENGINE === 'auto' || !e.MAP_ENGINE ? (hasGoogleCredentials ? 'google' : 'leaflet') : e.MAP_ENGINE;
  const dataDir =
    e.DATA_DIR === undefined
      ? resolve(REPO_ROOT, 'data')
      : isAbsolute(e.DATA_DIR)
        ? e.DATA_DIR
        : resolve(cwd, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    demoData: e.DEMO_DATA,
    publicUrl: e.PUBLIC_URL ?? null,
    logLevel: e.LOG_LEVEL,
    minFreeDiskMb: e.MIN_FREE_DISK_MB,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    readRateLimitScale: e.READ_RATE_LIMIT_SCALE,
    testFaults: e.KARTA_TEST_FAULTS,
    trustProxy: e.TRUST_PROXY,
    hours: { timeZone: e.TIME_ZONE, country: e.HOLIDAY_COUNTRY },
    staleAfterDays: e.STALE_AFTER_DAYS,
    photoStorage:
      e.PHOTO_STORAGE === 's3'
        ? {
            kind: 's3',
            s3: {
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION,
              bucket: e.S3_BUCKET ?? '',
              accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
              secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            },
          }
        : { kind: 'fs', root: join(dataDir, 'photos') },
    mail:
      e.SMTP_URL && e.MAIL_FROM
        ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, siteName: senderName(e.MAIL_FROM) }
        : null,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: EmailAddress.parse(e.ADMIN_EMAIL), password: e.ADMIN_PASSWORD }
        : null,
    version: SERVER_VERSION,
    sentry: {
      dsn: e.SENTRY_DSN ?? null,
      environment: e.SENTRY_ENVIRONMENT,
      release: e.SENTRY_RELEASE ?? `karta@${SERVER_VERSION}`,
    },
    map: { engine, ...MAP_DEFAULTS, tileUrl: e.TILE_URL, tileAttribution: e.TILE_ATTRIBUTION },
    google: {
      apiKey: e.GOOGLE_MAPS_API_KEY ?? null,
      clientId: e.GOOGLE_MAPS_CLIENT_ID ?? null,
      version: e.GOOGLE_MAPS_VERSION ?? null,
      libraries: e.GOOGLE_MAPS_LIBRARIES,
    },
    languages: e.LANGUAGES,
    // English where offered (the locale files' source language), else the first configured.
    defaultLanguage: e.DEFAULT_LANGUAGE ?? (e.LANGUAGES.includes('en') ? 'en' : (e.LANGUAGES[0] ?? 'en')),
  };
}

/**
 * Settings that start but are probably not what the operator meant, to log at start: Google's
 * engine asked for without a key or client id (Google then refuses the map and Karta falls back
 * to the open map on every visit), or both a key and a client id (Google takes one or the other).
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  const { apiKey, clientId } = config.google;
  if (config.map.engine === 'google' && !apiKey && !clientId) {
    warnings.push(
      'MAP_ENGINE=google without GOOGLE_MAPS_API_KEY or GOOGLE_MAPS_CLIENT_ID: Google will refuse the map and visitors get the open map after a failed load',
    );
  }
  if (apiKey && clientId) {
    warnings.push('Both GOOGLE_MAPS_API_KEY and GOOGLE_MAPS_CLIENT_ID are set: set one of them');
  }
  return warnings;
}
