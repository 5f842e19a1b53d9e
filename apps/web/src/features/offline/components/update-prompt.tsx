import { lazy, Suspense } from 'react';
import { useWaitingUpdate } from '../../../lib/pwa/update-state.ts';

// Shown only once a new version is installed: off the first view.
const UpdateCard = lazy(async () => ({ default: (await import('./update-card.tsx')).UpdateCard }));

/**
 * "A new version of Karta is ready — Reload", once a new version's service worker is installed:
 * the page keeps running the version it started with until the reader chooses to switch.
 */
export function UpdatePrompt() {
  const applyUpdate = useWaitingUpdate();
  if (!applyUpdate) return null;
  return (
    <Suspense fallback={null}>
      <UpdateCard applyUpdate={applyUpdate} />
    </Suspense>
  );
}
