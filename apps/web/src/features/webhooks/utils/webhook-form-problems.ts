import type { FieldProblems } from '../../../lib/forms/field-problems.ts';
import { isWebAddress } from '../../../lib/forms/web-address.ts';
import { choicesOf } from './webhook-events.ts';

export type WebhookFormField = 'url' | 'events' | 'categories';
export type WebhookFormValues = Record<WebhookFormField, string>;

/**
 * What the new-webhook form can tell before sending, by the server's rules: an address filled in
 * that is a full http(s) address, and at least one event. Whether the address is public is the
 * server's to say (docs/decisions/032-webhooks.md).
 */
export function webhookFormProblems(values: WebhookFormValues): FieldProblems<WebhookFormField> {
  const problems: FieldProblems<WebhookFormField> = {};
  const url = values.url.trim();
  if (url === '') problems.url = { code: 'required' };
  else if (!isWebAddress(url)) problems.url = { code: 'invalid' };
  if (choicesOf(values.events).length === 0) problems.events = { code: 'required' };
  return problems;
}
