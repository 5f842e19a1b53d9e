import type { Messages } from '../lib/i18n/locales.ts';

// Tests read every locale file at once; the app loads only the one in use.
const files = import.meta.glob<Messages>('../locales/*.json', { eager: true, import: 'default' });

/** Every locale file's messages, by language code. */
export const allMessages: Readonly<Record<string, Messages>> = Object.fromEntries(
  Object.entries(files).map(([path, messages]) => [path.replace(/^.*\/([a-z]{2})\.json$/, '$1'), messages]),
);

/** One language's messages for a test. */
export function testMessages(code: string): Messages {
  const messages = allMessages[code];
  if (!messages) throw new Error(`No locale file for "${code}"`);
  return messages;
}
