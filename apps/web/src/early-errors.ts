// The page's first script (index.html lists it before main.tsx, and module scripts run in order):
// it imports nothing, so no error of any later script, vendor chunks included, goes unseen.
import { installEarlyErrorBuffer } from './lib/sentry/early-error-buffer.ts';

installEarlyErrorBuffer(window);
