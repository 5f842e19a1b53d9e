/** Error reporting settings from the runtime config; reporting is off without a DSN. */
export interface SentrySettings {
  dsn: string | null;
  release: string;
  environment: string;
}
