import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ToastProvider } from '../components/toast/toast-provider.tsx';
import { createI18n } from '../lib/i18n/i18n.ts';
import { testMessages } from './messages.ts';

/**
 * Renders a component with what the app provides around it: translations, a router, the toast.
 * The providers are a wrapper, so `rerender` keeps them (and the component's state) in place.
 */
export function renderWithApp(ui: ReactElement, { language = 'en' }: { language?: string } = {}) {
  const i18n = createI18n(language, testMessages(language));
  const location = memoryLocation({ path: '/' });
  function Providers({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <ToastProvider>{children}</ToastProvider>
        </Router>
      </I18nextProvider>
    );
  }
  return render(ui, { wrapper: Providers });
}
