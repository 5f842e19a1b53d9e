import { ApiTokenInput } from '@karta/contracts';
import { type FieldProblems, problemsFromIssues } from '../../../lib/forms/field-problems.ts';
import { scopesOf } from './token-choices.ts';

export type TokenFormField = 'name' | 'scopes' | 'expiry' | 'password';
export type TokenFormValues = Record<TokenFormField, string>;

const NameAndPassword = ApiTokenInput.pick({ name: true, password: true });

/**
 * What the new-token form can tell before sending, by the server's rules (the contracts' schema):
 * a name of at most 80 characters, at least one scope, the password filled in.
 */
export function tokenFormProblems(values: TokenFormValues): FieldProblems<TokenFormField> {
  const result = NameAndPassword.safeParse({ name: values.name, password: values.password });
  const problems: FieldProblems<TokenFormField> = result.success
    ? {}
    : problemsFromIssues(result.error.issues, values);
  if (scopesOf(values.scopes).length === 0) problems.scopes = { code: 'required' };
  // The schema takes an empty password (the server then answers `wrong_password`): asked for here.
  if (values.password === '') problems.password = { code: 'required' };
  return problems;
}
