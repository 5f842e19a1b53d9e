import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { removeFirstView } from '../lib/first-view.ts';
import { reportError } from '../lib/sentry/report-error.ts';
import { buttonStyles } from './ui/button-styles.ts';
import { RetryIcon } from './ui/icons.tsx';
import { ErrorState } from './ui/states.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Replaces the default full-page fallback. */
  fallback?: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/** Catches render errors below it, reports them and shows a translated fallback instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, { componentStack: info.componentStack });
    // The home page's first view (lib/first-view.ts) must not lie over the fallback.
    removeFirstView();
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ?? <CrashFallback />;
  }
}

/** The default fallback: what happened, and the one thing that helps (reloading). */
export function CrashFallback() {
  const { t } = useTranslation();
  return (
    <ErrorState
      className="min-h-[60vh] justify-center"
      title={t('errors.boundaryTitle')}
      body={t('errors.boundaryBody')}
      action={
        <button type="button" className={buttonStyles.primary} onClick={() => window.location.reload()}>
          <RetryIcon />
          {t('errors.reload')}
        </button>
      }
    />
  );
}
