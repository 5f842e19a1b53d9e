import type { ReactNode } from 'react';
import { buttonStyles } from './button-styles.ts';
import { Spinner } from './spinner.tsx';

/**
 * A form's primary submit button: while `sending` it shows a spinner and `busy`, and stays
 * focusable (aria-disabled, not disabled) so keyboard users keep their place.
 */
export function SubmitButton({
  sending,
  busy,
  children,
  testId,
  className = 'w-full',
}: {
  sending: boolean;
  busy: ReactNode;
  children: ReactNode;
  testId: string;
  /** Width and layout beside the primary style and height. */
  className?: string;
}) {
  return (
    <button
      type="submit"
      data-testid={testId}
      aria-disabled={sending || undefined}
      className={`${buttonStyles.primary} h-11 ${className}`}
    >
      {sending && <Spinner className="size-4" />}
      {sending ? busy : children}
    </button>
  );
}
