import { lazy, Suspense } from 'react';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';

// Few readers ever see it (a new account, before its address is confirmed): off the first view.
const VerifyEmailNotice = lazy(async () => ({
  default: (await import('./verify-email-notice.tsx')).VerifyEmailNotice,
}));

/**
 * "Confirm your e-mail address" under the header, for a signed-in user whose address is not proven
 * yet (only where the site sends e-mail), with Send again. It goes once the address is proven
 * (the verification page asks again who is signed in).
 */
export function VerifyEmailBanner() {
  const { mail } = useRuntimeConfig();
  const { data: user } = useCurrentUser();
  if (!mail || !user || user.emailVerified) return null;
  // Keyed by the account: another user signing in here starts without the last one's "sent".
  return (
    <Suspense fallback={null}>
      <VerifyEmailNotice key={user.id} user={user} />
    </Suspense>
  );
}
