import { AdminEnv, adminIssues } from './admin.ts';
import { basemapEnv, basemapIssues, basemapWarnings } from './basemap.ts';
import { databaseEnv } from './database.ts';
import { FreshnessEnv } from './freshness.ts';
import { geocoderEnv } from './geocoder.ts';
import { HoursEnv } from './hours.ts';
import { JobsEnv } from './jobs.ts';
import { defaultLanguageIssues, LanguagesEnv } from './languages.ts';
import { MailEnv, mailIssues } from './mail.ts';
import { MapEnv, mapWarnings } from './map.ts';
import { OutboundEnv } from './outbound.ts';
import { SERVER_VERSION } from './paths.ts';
import { photoStorageIssues, photosEnv } from './photos.ts';
import { RateLimitStoreEnv, rateLimitStoreIssues, rateLimitStoreWarnings } from './rate-limit-store.ts';
import { SentryEnv } from './sentry.ts';
import { ServerEnv } from './server.ts';
import { readSsoEnv } from './sso.ts';
import { type Env, type EnvIssue, envIssues } from './values.ts';

/** A start-up configuration problem: lists every bad variable at once. */
export class ConfigError extends Error {
  constructor(readonly issues: readonly EnvIssue[]) {
    super(
      `Invalid configuration:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once: each concern's variables with its own schema (one file each in this
 * folder), then the checks that span variables, so every bad variable is named at once. `cwd` is
 * where a relative DATA_DIR resolves: npm runs workspace scripts in the workspace folder but
 * records the caller's folder in INIT_CWD, so that one wins.
 */
export function loadConfig(env: Env = process.env, cwd = env.INIT_CWD ?? process.cwd()) {
  const server = ServerEnv.safeParse(env);
  const database = databaseEnv(cwd).safeParse(env);
  const sentry = SentryEnv.safeParse(env);
  const map = MapEnv.safeParse(env);
  const languages = LanguagesEnv.safeParse(env);
  const hours = HoursEnv.safeParse(env);
  const freshness = FreshnessEnv.safeParse(env);
  const photos = photosEnv(database.data?.dataDir ?? '').safeParse(env);
  const basemap = basemapEnv(database.data?.dataDir ?? '').safeParse(env);
  const mail = MailEnv.safeParse(env);
  const admin = AdminEnv.safeParse(env);
  const geocoder = geocoderEnv(server.data?.publicUrl ?? null, SERVER_VERSION).safeParse(env);
  const rateLimitStore = RateLimitStoreEnv.safeParse(env);
  const outbound = OutboundEnv.safeParse(env);
  const jobs = JobsEnv.safeParse(env);
  const sso = readSsoEnv(env);
  // Photos and the base map both read S3_*: a bad one is named once.
  const issues = uniqueIssues([
    ...[
      server,
      database,
      sentry,
      map,
      basemap,
      languages,
      hours,
      freshness,
      photos,
      mail,
      admin,
      geocoder,
      rateLimitStore,
      outbound,
      jobs,
    ].flatMap((result) => (result.success ? [] : envIssues(result.error))),
    ...adminIssues(env),
    ...defaultLanguageIssues(env),
    ...photoStorageIssues(env),
    ...basemapIssues(env),
    ...mailIssues(env),
    ...rateLimitStoreIssues(env),
    ...sso.issues,
  ]);
  if (
    issues.length > 0 ||
    !server.success ||
    !database.success ||
    !sentry.success ||
    !map.success ||
    !basemap.success ||
    !languages.success ||
    !hours.success ||
    !freshness.success ||
    !photos.success ||
    !mail.success ||
    !admin.success ||
    !geocoder.success ||
    !rateLimitStore.success ||
    !outbound.success ||
    !jobs.success
  ) {
    throw new ConfigError(issues);
  }
  return {
    ...server.data,
    ...database.data,
    ...sentry.data,
    ...map.data,
    ...basemap.data,
    ...languages.data,
    ...hours.data,
    ...freshness.data,
    ...photos.data,
    ...mail.data,
    ...admin.data,
    ...geocoder.data,
    ...rateLimitStore.data,
    ...outbound.data,
    ...jobs.data,
    ...sso.config,
    version: SERVER_VERSION,
  };
}

function uniqueIssues(issues: EnvIssue[]): EnvIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.variable}\n${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The validated runtime configuration, as `loadConfig` builds it once at start from the schemas. */
export type Config = ReturnType<typeof loadConfig>;

/** Settings that start but are probably not what the operator meant, to log at start. */
export function configWarnings(config: Config): string[] {
  return [...mapWarnings(config), ...basemapWarnings(config), ...rateLimitStoreWarnings(config)];
}
