import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useCopyToClipboard } from '../../hooks/use-copy-to-clipboard.ts';
import { buttonStyles } from './button-styles.ts';
import { CheckCircleIcon, CopyIcon } from './icons.tsx';

interface SecretShownOnceProps {
  /** The test ids' stem: `{testId}`, `{testId}-value`, `{testId}-done`. */
  testId: string;
  copyTestId: string;
  /** What was made (one sentence, shown as a success). */
  title: string;
  /** That it will not be shown again; read with the field. */
  warning: string;
  label: string;
  secret: string;
  copyLabel: string;
  doneLabel: string;
  /** More to say under the field (how to use it). */
  children?: ReactNode;
  onDone(): void;
}

/**
 * A secret the server sends once and keeps only a hash or a copy of (an API token, a webhook's
 * signing secret): a read-only field that takes the focus with the secret selected, so copying
 * it by hand takes one keystroke, a Copy button, and Done, which hides it for good.
 */
export function SecretShownOnce({
  testId,
  copyTestId,
  title,
  warning,
  label,
  secret,
  copyLabel,
  doneLabel,
  children,
  onDone,
}: SecretShownOnceProps) {
  const copy = useCopyToClipboard();
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const warningId = useId();

  useEffect(() => {
    field.current?.focus();
  }, []);

  return (
    <div data-testid={testId} className="rounded-lg border border-green-200 bg-green-50 p-4">
      <p className="flex items-start gap-2 text-sm font-semibold text-green-900">
        <CheckCircleIcon className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 break-words">{title}</span>
      </p>
      <p id={warningId} className="mt-2 text-sm text-green-900">
        {warning}
      </p>
      <label htmlFor={fieldId} className="mt-4 block text-sm font-medium text-gray-900">
        {label}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          ref={field}
          data-testid={`${testId}-value`}
          readOnly
          value={secret}
          aria-describedby={warningId}
          onFocus={(event) => event.currentTarget.select()}
          autoComplete="off"
          spellCheck={false}
          className="h-11 min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 font-mono text-sm text-gray-900"
        />
        <button
          type="button"
          data-testid={copyTestId}
          className={`${buttonStyles.primary} h-11 shrink-0`}
          onClick={() => void copy(secret)}
        >
          <CopyIcon className="size-4" />
          {copyLabel}
        </button>
      </div>
      {children}
      <button
        type="button"
        data-testid={`${testId}-done`}
        className={`${buttonStyles.secondary} mt-4 h-11 w-full sm:w-auto`}
        onClick={onDone}
      >
        {doneLabel}
      </button>
    </div>
  );
}
