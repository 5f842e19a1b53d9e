import { ApiError } from '@karta/api-client';
import {
  FieldIssue,
  type FieldIssueCode,
  LoginBody,
  PasswordChange,
  PasswordResetConfirm,
  PasswordResetRequest,
  RegisterBody,
} from '@karta/contracts';

/** The fields of the account forms, named as the API names them. */
export type AuthField = 'email' | 'password' | 'displayName';

/** API error codes that are about one field of the form that sent it (e.g. the current password). */
export type FieldErrorCode = 'wrong_password';

/** Why a field is not acceptable: a code for translation and its numbers (`minimum`, …). */
export interface FieldProblem {
  code: FieldIssueCode | FieldErrorCode;
  params?: Record<string, number>;
}

export type FieldProblems<F extends string> = Partial<Record<F, FieldProblem>>;

export type RegisterValues = Record<'email' | 'password' | 'displayName', string>;
export type SignInValues = Record<'email' | 'password', string>;
export type ResetRequestValues = Record<'email', string>;
export type ResetPasswordValues = Record<'password', string>;
export type ChangePasswordValues = Record<'currentPassword' | 'newPassword', string>;

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

/** What the "forgot your password" form can tell before sending: the same e-mail rules as the server. */
export function resetRequestProblems(values: ResetRequestValues): FieldProblems<keyof ResetRequestValues> {
  const result = PasswordResetRequest.safeParse(values);
  return result.success ? {} : problemsFromIssues(result.error.issues, values);
}

/** An address alone, by the same rules as every form that asks for one (`EmailAddress`). */
const EmailOnly = PasswordResetRequest.pick({ email: true });

/** What a form that asks only for an e-mail address (following an area) can tell before sending. */
export function emailProblems(values: Record<'email', string>): FieldProblems<'email'> {
  const result = EmailOnly.safeParse(values);
  return result.success ? {} : problemsFromIssues(result.error.issues, values);
}

// The new password of a reset link follows the registration rules (both are `NewPassword`).
const ResetPasswordFields = PasswordResetConfirm.pick({ password: true });

/** What the new-password form of a reset link can tell before sending: the registration rules. */
export function resetPasswordProblems(values: ResetPasswordValues): FieldProblems<keyof ResetPasswordValues> {
  const result = ResetPasswordFields.safeParse(values);
  return result.success ? {} : problemsFromIssues(result.error.issues, values);
}

/**
 * What the change-password form can tell before sending: the current password is only asked for,
 * the new one follows the registration rules. Whether the current one is right, the server says.
 */
export function changePasswordProblems(
  values: ChangePasswordValues,
): FieldProblems<keyof ChangePasswordValues> {
  const result = PasswordChange.safeParse(values);
  const problems = result.success ? {} : problemsFromIssues(result.error.issues, values);
  // The schema lets an empty current password through (the server then says it is wrong).
  return values.currentPassword === '' ? { currentPassword: { code: 'required' }, ...problems } : problems;
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
