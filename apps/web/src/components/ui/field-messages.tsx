import type { ReactNode } from 'react';
import { AlertIcon } from './icons.tsx';

interface FieldMessagesProps {
  /** The field's name, on the error as `data-field` for tests. */
  field: string;
  hint?: ReactNode;
  hintId: string;
  /** The translated problem with the value, if any. */
  error?: ReactNode;
  errorId: string;
}

/**
 * What stands under a form field: a lasting hint, and the problem with its value in a polite
 * live region, so a problem found when the field is left is announced. The field points at both
 * ids with `aria-describedby`.
 */
export function FieldMessages({ field, hint, hintId, error, errorId }: FieldMessagesProps) {
  return (
    <>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-gray-600">
          {hint}
        </p>
      )}
      <div aria-live="polite">
        {error && (
          <p
            id={errorId}
            data-testid="field-error"
            data-field={field}
            className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700"
          >
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </p>
        )}
      </div>
    </>
  );
}
