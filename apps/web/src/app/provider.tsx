import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { ToastProvider } from '../components/toast/toast-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { ConfigGate } from './config-gate.tsx';

/** Everything the pages rely on: translations, an error boundary, queries, the toast and the config. */
export function AppProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <ConfigGate>{children}</ConfigGate>
          </ToastProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </I18nextProvider>
  );
}
