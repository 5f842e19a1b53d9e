/**
 * The translation key (under `jobs.kinds`) of each kind of job Karta runs
 * (docs/decisions/031-one-job-queue.md, "What uses it"); a kind not listed is shown as its code.
 */
const KIND_KEYS = {
  'mail.send': 'mailSend',
  'mail.tidy': 'mailTidy',
  digests: 'digests',
  'closed-alerts': 'closedAlerts',
  'import.geocode': 'importGeocode',
  'import.source': 'importSource',
  'webhook.deliver': 'webhookDeliver',
} as const;

export type KnownKind = (typeof KIND_KEYS)[keyof typeof KIND_KEYS];

/** The key of a kind's name in words, or null for a kind this app does not know. */
export function kindKeyOf(kind: string): KnownKind | null {
  return Object.hasOwn(KIND_KEYS, kind) ? KIND_KEYS[kind as keyof typeof KIND_KEYS] : null;
}
