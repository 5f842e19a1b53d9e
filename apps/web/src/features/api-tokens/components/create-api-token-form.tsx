import type { CreatedApiToken, CurrentUser, TokenScope } from '@karta/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { FieldMessages } from '../../../components/ui/field-messages.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useAccountForm } from '../../../hooks/use-account-form.ts';
import { fieldProblemMessage, formErrorMessage } from '../../../lib/forms/problem-messages.ts';
import { useCreateApiToken } from '../api/api-tokens.ts';
import {
  DEFAULT_EXPIRY,
  EXPIRY_CHOICES,
  type ExpiryChoice,
  expiresAtFor,
  SCOPE_MESSAGE_KEY,
  scopesForRole,
  scopesOf,
  scopesValue,
} from '../utils/token-choices.ts';
import { type TokenFormField, tokenFormProblems } from '../utils/token-form-problems.ts';

const FIELDS: readonly TokenFormField[] = ['name', 'scopes', 'expiry', 'password'];

interface CreateApiTokenFormProps {
  /** The account's e-mail, for password managers to match the password field to it. */
  email: string;
  role: CurrentUser['role'];
  onCreated(token: CreatedApiToken): void;
}

/**
 * Makes an API token: a name, its scopes (those the user's role can use), how long it works
 * (90 days unless chosen otherwise) and the account's password again, as the server asks for it.
 * A wrong password is shown on its field; too many tokens or a rate limit above the form.
 */
export function CreateApiTokenForm({ email, role, onCreated }: CreateApiTokenFormProps) {
  const { t } = useTranslation();
  const create = useCreateApiToken();
  const offered = scopesForRole(role);
  const form = useAccountForm({
    fields: FIELDS,
    initialValues: { scopes: 'places:read', expiry: DEFAULT_EXPIRY },
    validate: tokenFormProblems,
    errorFields: { wrong_password: 'password' },
    clearOnSuccess: true,
    send: async (values) => {
      const created = await create.mutateAsync({
        name: values.name,
        scopes: scopesOf(values.scopes),
        expiresAt: expiresAtFor(values.expiry as ExpiryChoice, Date.now()),
        password: values.password,
      });
      onCreated(created);
    },
  });
  const nameProblem = form.problemOf('name');
  const scopesProblem = form.problemOf('scopes');
  const passwordProblem = form.problemOf('password');
  const scopes = form.fieldProps('scopes');
  const expiry = form.fieldProps('expiry');
  const chosen = scopesOf(scopes.value);
  const scopesId = useId();
  const expiryId = useId();

  // The group's problem shows as soon as its last box is cleared, on that click; not when focus
  // leaves a box, which would move the Make token button under a pointer already on its way.
  const toggle = (scope: TokenScope, on: boolean) => {
    scopes.onChange(scopesValue(on ? [...chosen, scope] : chosen.filter((s) => s !== scope)));
    scopes.onBlur();
  };

  return (
    <form ref={form.formRef} noValidate onSubmit={form.onSubmit} data-testid="create-api-token-form">
      <FormAlert message={form.formError ? formErrorMessage(t, form.formError) : null} />
      {/* Which account the password belongs to, for the browser's password manager. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="space-y-5">
        <TextField
          {...form.fieldProps('name')}
          autoComplete="off"
          label={t('account.apiTokens.fields.name')}
          hint={t('account.apiTokens.fields.nameHint')}
          error={nameProblem && fieldProblemMessage(t, 'displayName', nameProblem)}
        />
        <fieldset aria-describedby={scopesProblem ? `${scopesId}-error` : undefined}>
          <legend className="text-sm font-medium text-gray-900">
            {t('account.apiTokens.fields.scopes')}
          </legend>
          <div className="mt-2 space-y-2">
            {offered.map((scope) => (
              <label
                key={scope}
                className="flex items-start gap-3 rounded-lg border border-gray-200 px-3 py-2.5 hover:bg-gray-50"
              >
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  data-testid={`token-scope-${scope}`}
                  checked={chosen.includes(scope)}
                  onChange={(event) => toggle(scope, event.target.checked)}
                  aria-invalid={scopesProblem ? true : undefined}
                  className="mt-0.5 size-5 shrink-0 accent-blue-700"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-gray-900">
                    {t(`account.apiTokens.scopes.${SCOPE_MESSAGE_KEY[scope]}`)}
                  </span>
                  <span className="block text-sm text-gray-600">
                    {t(`account.apiTokens.scopeHints.${SCOPE_MESSAGE_KEY[scope]}`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldMessages
            field="scopes"
            hintId={`${scopesId}-hint`}
            error={scopesProblem && t('account.apiTokens.fields.scopesRequired')}
            errorId={`${scopesId}-error`}
          />
        </fieldset>
        <div>
          <label htmlFor={expiryId} className="block text-sm font-medium text-gray-900">
            {t('account.apiTokens.fields.expiry')}
          </label>
          <select
            id={expiryId}
            name="expiry"
            data-testid="token-expiry"
            value={expiry.value}
            onChange={(event) => expiry.onChange(event.target.value)}
            onBlur={expiry.onBlur}
            className="mt-1.5 block h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-xs hover:border-gray-400 sm:max-w-xs sm:text-sm"
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`account.apiTokens.expiry.${choice}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          {...form.fieldProps('password')}
          type="password"
          autoComplete="current-password"
          label={t('account.apiTokens.fields.password')}
          hint={t('account.apiTokens.fields.passwordHint')}
          error={passwordProblem && fieldProblemMessage(t, 'currentPassword', passwordProblem)}
        />
        <SubmitButton
          sending={form.sending}
          busy={t('account.apiTokens.creating')}
          testId="create-api-token-submit"
          className="w-full sm:w-auto"
        >
          {t('account.apiTokens.create')}
        </SubmitButton>
      </div>
    </form>
  );
}
