import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/error-message.ts';
import { buttonStyles } from './button-styles.ts';
import { AlertIcon, RetryIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';

/** A quiet "loading" line with a spinner, announced politely. */
export function LoadingState({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div
      role="status"
      className={`flex items-center justify-center gap-3 py-10 text-sm text-gray-600 ${className}`}
    >
      <Spinner className="size-5 text-blue-700" />
      <span>{label}</span>
    </div>
  );
}

interface MessageStateProps {
  icon?: ReactNode;
  title: string;
  body?: string;
  action?: ReactNode;
  className?: string;
}

/** An empty or informational state: icon, title, a hint and an optional action. */
export function EmptyState({ icon, title, body, action, className = '' }: MessageStateProps) {
  return (
    <div className={`flex flex-col items-center px-6 py-10 text-center ${className}`}>
      {icon && <div className="mb-3 rounded-full bg-gray-100 p-3 text-gray-500">{icon}</div>}
      <p className="font-semibold text-gray-900">{title}</p>
      {body && <p className="mt-1 max-w-sm text-sm text-gray-600">{body}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/** An error state: an alert with the translated message and (usually) a Retry button. */
export function ErrorState({ title, body, action, className = '' }: MessageStateProps) {
  return (
    <div role="alert" className={`flex flex-col items-center px-6 py-10 text-center ${className}`}>
      <div className="mb-3 rounded-full bg-red-50 p-3 text-red-700">
        <AlertIcon className="size-6" />
      </div>
      <p className="font-semibold text-gray-900">{title}</p>
      {body && <p className="mt-1 max-w-md text-sm text-gray-600">{body}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/**
 * A query that failed: its translated message and a Retry button. What every screen shows for a
 * list or page it could not load.
 */
export function QueryErrorState({
  title,
  error,
  onRetry,
  className,
}: {
  title: string;
  error: unknown;
  onRetry(): void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <ErrorState
      title={title}
      body={t(errorMessageKey(error))}
      className={className}
      action={
        <button type="button" className={buttonStyles.primary} onClick={onRetry}>
          <RetryIcon />
          {t('errors.retry')}
        </button>
      }
    />
  );
}
