import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

/** Karta's web app. */
export function App({ i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  return (
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  );
}
