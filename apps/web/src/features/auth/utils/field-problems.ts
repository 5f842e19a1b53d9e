import { ApiError } from '@karta/api-client';
import { FieldIssue, type FieldIssueCode, LoginBody, RegisterBody } from '@karta/contracts';

/** The fields of the account forms, named as the API names them. */
export type AuthField = 'email' | 'password' | 'displayName';

/** Why a field is not acceptable: a code for translation and its numbers (`minimum`, …). */
export interface FieldProblem {
  code: FieldIssueCode;
  params?: Record<string, number>;
}

export type FieldProblems<F extends string> = Partial<Record<F, FieldProblem>>;

export type RegisterValues = Record<'email' | 'password' | 'displayName', string>;
export type SignInValues = Record<'email' | 'password', string>;

type SchemaIssue = { path: PropertyKey[]; code: string; params?: Record<string, unknown> };

/** Reads our zod issues back into problems: the contracts put the code and numbers in `params`. */
function problemsFromIssues<F extends string>(
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

/**
 * What the register form can tell before sending, by the same rules as the server (the contracts'
 * schema). The server also refuses common passwords; those problems arrive with its answer.
 */
export function registerProblems(values: RegisterValues): FieldProblems<keyof RegisterValues> {
  const result = RegisterBody.safeParse(values);
  return result.success ? {} : problemsFromIssues(result.error.issues, values);
}

/**
 * What the sign-in form can tell before sending: only that a field is empty. Sign-in applies no
 * rules, so an account made under older ones can always sign in.
 */
export function signInProblems(values: SignInValues): FieldProblems<keyof SignInValues> {
  const problems: FieldProblems<keyof SignInValues> = {};
  if (values.email.trim() === '') problems.email = { code: 'required' };
  if (values.password === '') problems.password = { code: 'required' };
  if (Object.keys(problems).length > 0) return problems;
  const result = LoginBody.safeParse(values);
  return result.success ? {} : problemsFromIssues(result.error.issues, values);
}

/**
 * The field problems in a 400 `validation_error` from the server, for the fields this form has.
 * `unplaced` is true when the failure is not (only) about these fields: any other error, or an
 * issue this form cannot point at, which the form then explains in words of its own.
 */
export function serverFieldProblems<F extends string>(
  error: unknown,
  fields: readonly F[],
): { problems: FieldProblems<F>; unplaced: boolean } {
  if (!(error instanceof ApiError) || error.code !== 'validation_error')
    return { problems: {}, unplaced: true };
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
