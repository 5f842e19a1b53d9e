import type { ReactNode } from 'react';
import { AlertIcon } from '../ui/icons.tsx';

/**
 * The form's own error (wrong credentials, a rate limit, no connection). The alert region is
 * always in the page and only its content changes, so screen readers announce each new message;
 * empty, it takes no room.
 */
export function FormAlert({ message, action }: { message: string | null; action?: ReactNode }) {
  return (
    <div role="alert" data-testid="form-error">
      {message && (
        <div className="mb-5 flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800">
          <AlertIcon className="mt-0.5 size-4 text-red-700" />
          <div>
            <p>{message}</p>
            {action && <p className="mt-1.5">{action}</p>}
          </div>
        </div>
      )}
    </div>
  );
}
