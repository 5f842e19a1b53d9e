import { type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '../ui/field-messages.tsx';
import { EyeIcon, EyeOffIcon } from '../ui/icons.tsx';

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  /** A lasting note under the field (e.g. the password rules), read with it. */
  hint?: ReactNode;
  /** The translated problem with the value, if any: shown under the field and read with it. */
  error?: string;
  /** The input itself (a dialog focuses it when it opens). */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * One labelled input of an account form. Its hint and error are tied to it with
 * `aria-describedby`; the error sits in a polite live region so a problem found when the field is
 * left is announced. A password field gets a show/hide toggle (a pressed/unpressed button, so its
 * name stays "Show password" while its state is read out).
 */
export function TextField({
  name,
  label,
  value,
  onChange,
  onBlur,
  type = 'text',
  autoComplete,
  hint,
  error,
  inputRef,
}: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          ref={inputRef}
          id={id}
          name={name}
          data-testid={`field-${name}`}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...(type === 'email' || isPassword
            ? { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false }
            : {})}
          className={`block h-11 w-full rounded-lg border bg-white px-3 text-base text-gray-900 shadow-xs placeholder:text-gray-400 sm:text-sm ${
            isPassword ? 'pr-12' : ''
          } ${error ? 'border-red-600' : 'border-gray-300 hover:border-gray-400'}`}
        />
        {isPassword && (
          <button
            type="button"
            data-testid={`reveal-${name}`}
            aria-controls={id}
            aria-pressed={revealed}
            aria-label={t('auth.showPassword')}
            title={t('auth.showPassword')}
            onClick={() => setRevealed((shown) => !shown)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-gray-600 hover:text-gray-900"
          >
            {revealed ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
          </button>
        )}
      </div>
      <FieldMessages field={name} hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
