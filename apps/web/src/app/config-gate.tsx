import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RuntimeConfigContext, runtimeConfigQuery } from '../config/runtime-config.ts';
import { preloadAllMessages } from '../lib/i18n/all-messages.ts';
import { detectLanguage } from '../lib/i18n/detect-language.ts';
import { switchLanguage } from '../lib/i18n/i18n.ts';
import { availableLanguages } from '../lib/i18n/locales.ts';
import { chosenLanguage } from '../lib/i18n/requested-language.ts';
import { initSentry } from '../lib/sentry/report-error.ts';
import { StartupScreen } from './startup-screen.tsx';

/**
 * Loads the runtime configuration before anything that needs it renders, then settles the
 * language on what this deployment offers. (Error reporting starts from main.tsx, so a page that
 * fails in its first render still reports it, or here after a retry.)
 */
export function ConfigGate({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const query = useQuery(runtimeConfigQuery);
  const config = query.data;

  useEffect(() => {
    if (!config) return;
    // Started from main.tsx already when the config came at once; here when it came on a retry
    // (initSentry starts once).
    void initSentry(config.sentry);
    const available = availableLanguages(config.languages);
    const language = detectLanguage({
      stored: chosenLanguage(),
      browser: navigator.languages,
      available,
      fallback: config.defaultLanguage,
    });
    if (language !== i18n.language) void switchLanguage(i18n, language);
    preloadAllMessages(i18n, available);
  }, [config, i18n]);

  if (query.isPending) return <StartupScreen />;
  if (query.isError) return <StartupScreen error={query.error} onRetry={() => void query.refetch()} />;
  return <RuntimeConfigContext value={query.data}>{children}</RuntimeConfigContext>;
}
