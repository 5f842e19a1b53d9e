import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ToastProvider } from '../components/toast/toast-provider.tsx';
import { type RuntimeConfig, RuntimeConfigContext } from '../config/runtime-config.ts';
import { createI18n } from '../lib/i18n/i18n.ts';
import { testConfig } from './fixtures.ts';
import { testMessages } from './messages.ts';

interface RenderOptions {
  language?: string;
  /** The address the router starts at, query string included (`/sign-in?next=/places/1`). */
  path?: string;
  /** A query client to share with the test (to seed or read its cache); a fresh one otherwise. */
  queryClient?: QueryClient;
  /** The deployment's runtime config (`GET /api/v1/config`); `testConfig()` otherwise. */
  config?: RuntimeConfig;
  /** Under `<StrictMode>` at the root, as the app runs in development (effects run twice on mount). */
  strict?: boolean;
  /** The test's own i18next instance (to hold only some messages); one with all of `language`'s otherwise. */
  i18n?: I18n;
}

/** A query client for tests: no retries, so a failed request fails at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/**
 * Renders a component with what the app provides around it: translations, the runtime config,
 * queries, a router, the toast. The providers are a wrapper, so `rerender` keeps them (and the component's state) in
 * place. `location` is the router's memory location: its `history` records every navigation.
 */
export function renderWithApp(
  ui: ReactElement,
  {
    language = 'en',
    path = '/',
    queryClient = createTestQueryClient(),
    config = testConfig(),
    strict = false,
    i18n = createI18n(language, testMessages(language)),
  }: RenderOptions = {},
) {
  const location = memoryLocation({ path, record: true });
  function Providers({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <RuntimeConfigContext value={config}>
          <QueryClientProvider client={queryClient}>
            <Router hook={location.hook} searchHook={location.searchHook}>
              <ToastProvider>{children}</ToastProvider>
            </Router>
          </QueryClientProvider>
        </RuntimeConfigContext>
      </I18nextProvider>
    );
  }
  return { ...render(ui, { wrapper: Providers, reactStrictMode: strict }), location, queryClient };
}
