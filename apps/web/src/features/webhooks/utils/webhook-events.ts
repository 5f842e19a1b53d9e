import type { WebhookEvent } from '@karta/contracts';

/**
 * The events a webhook may be told of, in the form's order, with the key of each one's words
 * under `webhooks.events` (docs/decisions/032-webhooks.md).
 */
export const WEBHOOK_EVENT_KEYS = {
  'place.published': 'placePublished',
  'place.updated': 'placeUpdated',
  'place.archived': 'placeArchived',
  'note.published': 'notePublished',
  'flag.created': 'flagCreated',
} as const satisfies Record<WebhookEvent, string>;

export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_KEYS) as WebhookEvent[];

/** Whether a delivery's subject is a place (the other events are about a note or a report). */
export function isAboutPlace(event: WebhookEvent): boolean {
  return event.startsWith('place.');
}

/** A list of choices kept in one form field, as the form holds strings: `a,b`. */
export function choicesOf(value: string): string[] {
  return value === '' ? [] : value.split(',');
}

/** The field's value with `choice` in or out. */
export function toggleChoice(value: string, choice: string, on: boolean): string {
  const rest = choicesOf(value).filter((chosen) => chosen !== choice);
  return (on ? [...rest, choice] : rest).join(',');
}
