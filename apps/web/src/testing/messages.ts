import type { Messages } from '../lib/i18n/locales.ts';

const codeOf = (path: string) => path.replace(/^.*\/([a-z]{2})\.json$/, '$1');

// Tests read every locale file at once; the app loads only the one in use. Imported, a file is
// compiled as the app gets it (build/compile-messages.ts); as text, it is what translators write.
const files = import.meta.glob<Messages>('../locales/*.json', { eager: true, import: 'default' });
const texts = import.meta.glob<string>('../locales/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** Every locale file as written (ICU message text), by language code. */
export const allMessages: Readonly<Record<string, Messages>> = Object.fromEntries(
  Object.entries(texts).map(([path, text]) => [codeOf(path), JSON.parse(text) as Messages]),
);

/** One language's messages for a test, compiled as the app receives them. */
export function testMessages(code: string): Messages {
  const messages = Object.entries(files).find(([path]) => codeOf(path) === code)?.[1];
  if (!messages) throw new Error(`No locale file for "${code}"`);
  return messages;
}
