import { type CategoryField, checkExtra, type FieldIssue } from '@karta/contracts';
import type { PlaceFormValues } from '../../places/place-form-values.ts';
import type { EditDraft, ProposalDraft } from './draft.ts';

/**
 * What the values rule (`checkExtra`, the server's and the form's) finds wrong with a draft's
 * category values against `fields`, the category's definitions now: a draft kept offline may
 * meet definitions changed meanwhile (a field made required, an option retired). An edit's base
 * is what the place held, so a retired option it had may stay. Empty when nothing is wrong.
 */
export function draftExtraIssues(
  draft: Pick<ProposalDraft, 'kind' | 'values'> | Pick<EditDraft, 'kind' | 'values' | 'base'>,
  fields: readonly CategoryField[],
): FieldIssue[] {
  const previous = draft.kind === 'edit' ? extraOf(draft.base) : {};
  return checkExtra(fields, extraOf(draft.values), previous).issues;
}

/** A draft's values by key (none in a draft kept before categories had fields). */
export function extraOf(values: PlaceFormValues): PlaceFormValues['extra'] {
  return (values as Partial<PlaceFormValues>).extra ?? {};
}
