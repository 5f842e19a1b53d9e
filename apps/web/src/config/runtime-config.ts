import type { ClientConfig } from '@karta/contracts';
import { queryOptions } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api } from '../lib/api-client.ts';

/** The deployment's settings, served by GET /api/v1/config: one build fits every deployment. */
export type RuntimeConfig = ClientConfig;

/** Loads the runtime config once per visit; it does not change while the page is open. */
export const runtimeConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api.config({ signal }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

/** The runtime config; only available below the app's config gate, which waits for it. */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig needs the config gate above it');
  return config;
}
