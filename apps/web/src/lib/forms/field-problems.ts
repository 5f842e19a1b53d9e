import { ApiError } from '@karta/api-client';
import { FieldIssue, type FieldIssueCode, PasswordResetRequest } from '@karta/contracts';

/** API error codes that are about one field of the form that sent it (e.g. the current password). */
export type FieldErrorCode = 'wrong_password';

/** Why a field is not acceptable: a code for translation and its numbers (`minimum`, …). */
export interface FieldProblem {
  code: FieldIssueCode | FieldErrorCode;
  params?: Record<string, number>;
}

export type FieldProblems<F extends string> = Partial<Record<F, FieldProblem>>;

type SchemaIssue = { path: PropertyKey[]; code: string; params?: Record<string, unknown> };

/** Reads our zod issues back into problems: the contracts put the code and numbers in `params`. */
export function problemsFromIssues<F extends string>(
  issues: readonly SchemaIssue[],
  values: Record<F, string>,
): FieldProblems<F> {
  const problems: FieldProblems<F> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as F;
    if (!(field in values) || problems[field]) continue;
    const { code, ...rest } = issue.code === 'custom' ? (issue.params ?? {}) : {};
    const params: Record<string, number> = Object.fromEntries(
      Object.entries(rest).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
    // An empty field asks to be filled in, rather than saying it is too short.
    if (values[field] === '') {
      problems[field] = { code: 'required' };
      continue;
    }
    const known = (code as FieldIssueCode | undefined) ?? 'invalid';
    problems[field] = Object.keys(params).length > 0 ? { code: known, params } : { code: known };
  }
  return problems;
}

/** An address alone, by the same rules as every form that asks for one (`EmailAddress`). */
const EmailOnly = PasswordResetRequest.pick({ email: true });

/** What a form that asks only for an e-mail address (following an area) can tell before sending. */
export function emailProblems(values: Record<'email', string>): FieldProblems<'email'> {
  const result = EmailOnly.safeParse(values);
  return result.success ? {} : problemsFromIssues(result.error.issues, values);
}

/**
 * The field problems in a 400 `validation_error` from the server, for the fields this form has,
 * or an error that `errorFields` ties to one of its fields (`wrong_password` → the current password).
 * `unplaced` is true when the failure is not (only) about these fields: any other error, or an
 * issue this form cannot point at, which the form then explains in words of its own.
 */
export function serverFieldProblems<F extends string>(
  error: unknown,
  fields: readonly F[],
  errorFields: Partial<Record<FieldErrorCode, F>> = {},
): { problems: FieldProblems<F>; unplaced: boolean } {
  if (!(error instanceof ApiError)) return { problems: {}, unplaced: true };
  const fieldOfError = errorFields[error.code as FieldErrorCode];
  if (fieldOfError) {
    const problems: FieldProblems<F> = {};
    problems[fieldOfError] = { code: error.code as FieldErrorCode };
    return { problems, unplaced: false };
  }
  if (error.code !== 'validation_error') return { problems: {}, unplaced: true };
  const details = Array.isArray(error.details) ? error.details : [];
  const problems: FieldProblems<F> = {};
  let unplaced = details.length === 0;
  for (const detail of details) {
    const issue = FieldIssue.safeParse(detail);
    const field = issue.success ? fields.find((name) => name === issue.data.path) : undefined;
    if (!issue.success || !field) {
      unplaced = true;
      continue;
    }
    if (problems[field]) continue;
    const { code = 'invalid', params } = issue.data;
    problems[field] = params ? { code, params } : { code };
  }
  return { problems, unplaced };
}
