import {
  LoginBody,
  PasswordChange,
  PasswordResetConfirm,
  PasswordResetRequest,
  RegisterBody,
} from '@karta/contracts';
import { type FieldProblems, problemsFromIssues } from '../../../lib/forms/field-problems.ts';

export type RegisterValues = Record<'email' | 'password' | 'displayName', string>;
export type SignInValues = Record<'email' | 'password', string>;
export type ResetRequestValues = Record<'email', string>;
export type ResetPasswordValues = Record<'password', string>;
export type ChangePasswordValues = Record<'currentPassword' | 'newPassword', string>;

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
