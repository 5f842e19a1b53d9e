import 'i18next';
import type { Messages } from './locales.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
    // ICU messages are formatted by compiled-icu.ts; the `{{…}}` extractor would misread them.
    parseInterpolation: false;
  }
}
