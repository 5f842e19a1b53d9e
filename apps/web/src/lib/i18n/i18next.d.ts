import 'i18next';
import type { Messages } from './locales.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
    // ICU messages are parsed by i18next-icu at run time; the `{{…}}` extractor would misread them.
    parseInterpolation: false;
  }
}
